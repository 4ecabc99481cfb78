// The words and limits of offers and asks and People to meet, without zod, for screens that
// must stay light (profile cards, the event page).

export const MAX_OFFERS_OR_ASKS = 3;
export const OFFER_OR_ASK_MAX_LENGTH = 80;

export const PEOPLE_TO_MEET = 'People to meet';
export const OFFERS_LABEL = 'Offering';
export const ASKS_LABEL = 'Looking for';
export const NOT_REGISTERED_FOR_PEOPLE_TO_MEET = 'People to meet is for members registered for this event.';
