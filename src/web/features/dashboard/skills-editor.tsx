import { useId, useState, type FormEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { addSkillInput, type Skill } from '../../../shared/members';
import { SKILL_NAME_MAX } from '../../../shared/limits';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Muted, NO_SKILLS, ProfileSection } from '../../components/profile-sections';
import { SelectField } from '../../components/select-field';
import { TextField } from '../../components/text-field';
import { useForm } from '../../lib/form';
import { useAddSkill, useRemoveSkill, useSkillsCatalogue, type Owner } from './api';

const isUnsaved = (skill: Skill) => skill.id.startsWith('new:');
/** The server's rule for a skill of the member's own naming. */
const customSkillInput = addSkillInput.options[1];

/** Own skills: remove any, add one from the catalogue or a custom one (name required, category optional). */
export function SkillsEditor({ owner, skills }: { owner: Owner; skills: Skill[] }) {
  const catalogue = useSkillsCatalogue();
  const add = useAddSkill(owner);
  const remove = useRemoveSkill(owner);
  const [picked, setPicked] = useState('');
  const [customName, setCustomName] = useState('');
  const [customCategory, setCustomCategory] = useState('');
  const [announcement, setAnnouncement] = useState('');
  const customId = useId();
  // Shown at once (the list updates optimistically); a refusal puts the list back.
  const custom = useForm({
    schema: customSkillInput,
    values: () => ({ name: customName, category: customCategory }),
    submit: ({ name, category }) => {
      add.mutate({ name, category: category || undefined });
      setCustomName('');
      setCustomCategory('');
      setAnnouncement(`Added ${name}`);
    },
  });

  const owned = new Set(skills.map((s) => s.id));
  const available = (catalogue.data?.skills ?? []).filter((s) => !owned.has(s.id));
  // Grouped by category in the picker; uncategorised ones last.
  const groups = new Map<string, Skill[]>();
  for (const skill of available) {
    const group = skill.category || 'Other';
    groups.set(group, [...(groups.get(group) ?? []), skill]);
  }
  const groupNames = [...groups.keys()].sort((a, b) => (a === 'Other' ? 1 : b === 'Other' ? -1 : a.localeCompare(b)));

  const addPicked = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const skill = available.find((s) => s.id === picked);
    if (!skill) return;
    add.mutate({ skill });
    setPicked('');
    setAnnouncement(`Added ${skill.name}`);
  };

  return (
    <ProfileSection id="skills-heading" title="Skills">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      {skills.length === 0 ? (
        <Muted>{NO_SKILLS}</Muted>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {skills.map((skill) => (
            <li key={skill.id}>
              <Badge className="py-1 pr-1 pl-2.5 text-sm">
                {skill.name}
                <button
                  type="button"
                  disabled={isUnsaved(skill)}
                  onClick={() => {
                    remove.mutate(skill.id);
                    setAnnouncement(`Removed ${skill.name}`);
                  }}
                  aria-label={`Remove ${skill.name}`}
                  title={`Remove ${skill.name}`}
                  className="inline-flex size-5 items-center justify-center rounded-full text-fg-muted transition-colors hover:bg-line hover:text-fg disabled:opacity-50"
                >
                  <X className="size-3.5" aria-hidden="true" />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}

      <div className="mt-6 grid grid-cols-1 gap-6 border-t border-line pt-5 md:grid-cols-2">
        <form onSubmit={addPicked} aria-label="Add a skill from the list" className="flex flex-col gap-3">
          <SelectField
            label="Add a skill"
            name="skillId"
            value={picked}
            onChange={(e) => setPicked(e.target.value)}
            disabled={catalogue.isPending}
          >
            <option value="">{catalogue.isPending ? 'Loading skills…' : 'Choose a skill'}</option>
            {groupNames.map((group) => (
              <optgroup key={group} label={group}>
                {groups.get(group)!.map((skill) => (
                  <option key={skill.id} value={skill.id}>
                    {skill.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
          <Button type="submit" variant="secondary" size="sm" className="self-start" disabled={!picked}>
            <Plus aria-hidden="true" />
            Add skill
          </Button>
        </form>

        <form noValidate onSubmit={custom.handleSubmit} aria-label="Add a custom skill" className="flex flex-col gap-3">
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 md:grid-cols-1 xl:grid-cols-2">
            <TextField
              id={`${customId}-name`}
              label="Custom skill name"
              name="name"
              value={customName}
              maxLength={SKILL_NAME_MAX}
              required
              error={custom.errors.name}
              onChange={(e) => {
                setCustomName(e.target.value);
                custom.clearError('name');
              }}
            />
            <TextField
              label="Category (optional)"
              name="category"
              value={customCategory}
              maxLength={SKILL_NAME_MAX}
              onChange={(e) => setCustomCategory(e.target.value)}
            />
          </div>
          <Button type="submit" variant="secondary" size="sm" className="self-start">
            <Plus aria-hidden="true" />
            Add custom skill
          </Button>
        </form>
      </div>
    </ProfileSection>
  );
}
