/** The database announces its own changes: every table gets statement-level triggers that send
 * one NOTIFY per statement on `CHANGES_CHANNEL` from inside the writing transaction, so a
 * rolled-back change announces nothing and a committed one always does, whoever wrote it (a
 * route, the seed, a script, psql). The payload names the table and the keys of the rows the
 * statement touched: `id` and every `*_id` column, old and new values (an event id, a member
 * id), or `null` when there are too many to list (then everything of that table counts as
 * changed). Installed at every start after the migrations, so a new table needs nothing. */

export const CHANGES_CHANNEL = 'changes';

/** Keys listed per notice before it says "too many" (a NOTIFY payload must stay under 8000 bytes). */
export const MAX_CHANGE_IDS = 100;
/** The listed keys' size past which a notice says "too many" too, well under NOTIFY's limit. */
export const MAX_NOTICE_KEY_BYTES = 7000;

/** Tables no cached read or live notice depends on, written on hot paths. */
const UNANNOUNCED = [
  'rate_limits',
  'verification',
  'sign_in_failures',
  'known_sign_in_ips',
  // Job runs (each process's tick) and open-stream heartbeats.
  'jobs',
  'member_presence',
  'signing_keys',
  // Each announcement mail's state, written once or twice per mail while one is sent.
  'announcement_recipients',
];

export const CHANGE_TRIGGERS_SQL = `
create or replace function pm_notify_change() returns trigger language plpgsql as $$
declare
  parts text[] := '{}';
  col text;
  n int;
  ids jsonb;
begin
  if TG_OP = 'TRUNCATE' then
    perform pg_notify('${CHANGES_CHANNEL}', json_build_object('t', TG_TABLE_NAME, 'ids', null)::text);
    return null;
  end if;
  foreach col in array TG_ARGV loop
    if TG_OP <> 'DELETE' then parts := parts || format('select %I::text as k from new_rows', col); end if;
    if TG_OP <> 'INSERT' then parts := parts || format('select %I::text as k from old_rows', col); end if;
  end loop;
  execute format(
    'select count(*), jsonb_agg(k) from (select distinct k from (%s) s where k is not null limit ${MAX_CHANGE_IDS + 1}) d',
    array_to_string(parts, ' union all ')) into n, ids;
  -- A statement that touched no rows changed nothing.
  if n = 0 then return null; end if;
  if n > ${MAX_CHANGE_IDS} then ids := null; end if;
  -- Keys long enough (text a person chose, such as an audit row's target) to pass NOTIFY's 8000
  -- bytes: "all of it", rather than a write that fails.
  if octet_length(ids::text) > ${MAX_NOTICE_KEY_BYTES} then ids := null; end if;
  perform pg_notify('${CHANGES_CHANNEL}', json_build_object('t', TG_TABLE_NAME, 'ids', ids)::text);
  return null;
end $$;

do $$
declare
  tbl record;
  keys text;
begin
  for tbl in
    select c.relname as name
    from pg_class c join pg_namespace ns on ns.oid = c.relnamespace
    where c.relkind in ('r', 'p') and ns.nspname = current_schema()
      and c.relname <> all (array[${UNANNOUNCED.map((t) => `'${t}'`).join(', ')}])
      and c.relname not like '\\_\\_%'
  loop
    select string_agg(quote_literal(a.attname), ', ' order by a.attnum) into keys
    from pg_attribute a
    where a.attrelid = (quote_ident(current_schema()) || '.' || quote_ident(tbl.name))::regclass
      and a.attnum > 0 and not a.attisdropped and (a.attname = 'id' or a.attname like '%\\_id');
    if keys is null then continue; end if;
    execute format('create or replace trigger pm_change_insert after insert on %I referencing new table as new_rows '
      'for each statement execute function pm_notify_change(%s)', tbl.name, keys);
    execute format('create or replace trigger pm_change_update after update on %I referencing old table as old_rows '
      'new table as new_rows for each statement execute function pm_notify_change(%s)', tbl.name, keys);
    execute format('create or replace trigger pm_change_delete after delete on %I referencing old table as old_rows '
      'for each statement execute function pm_notify_change(%s)', tbl.name, keys);
    execute format('create or replace trigger pm_change_truncate after truncate on %I '
      'for each statement execute function pm_notify_change()', tbl.name);
  end loop;
end $$;
`;
