import { ASKS_LABEL, OFFERS_LABEL } from '../../../shared/people-to-meet-texts';
import { Badge } from '../../components/badge';
import { ProfileSection } from '../../components/profile-sections';

/** What the member offers and looks for; nothing when they have listed neither. */
export function OffersAsksSection({ offers, asks }: { offers: string[]; asks: string[] }) {
  if (offers.length === 0 && asks.length === 0) return null;
  const lists = [
    { label: OFFERS_LABEL, items: offers },
    { label: ASKS_LABEL, items: asks },
  ].filter((list) => list.items.length > 0);
  return (
    <ProfileSection id="offers-asks-heading" title="Offers and asks">
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        {lists.map((list) => (
          <div key={list.label}>
            <h3 className="text-sm font-semibold text-fg">{list.label}</h3>
            <ul aria-label={list.label} className="mt-2 flex flex-wrap gap-2">
              {list.items.map((item) => (
                <li key={item}>
                  <Badge className="px-2.5 py-1 text-sm" tone="neutral">
                    {item}
                  </Badge>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </ProfileSection>
  );
}
