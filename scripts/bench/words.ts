// The vocabulary of the generated data: enough different words that searching means something.

/** A `|`-separated list; line breaks separate too. */
const list = (text: string) => text.split(/\s*[|\n]\s*/).filter(Boolean);

/** Each event has one of these 100 topics in its name, so each word is in about 1% of events. */
export const TOPICS = list(`
  fintech | biotech | robotics | logistics | cybersecurity | blockchain | ecommerce | nonprofit | realestate
  hospitality | healthcare | marketing | branding | design | architecture | aviation | energy | solar | banking
  insurance | law | education | gaming | music | film | photography | fashion | retail | manufacturing
  construction | agriculture | restaurants | coffee | brewing | wine | fitness | wellness | nutrition | sports
  motorsports | startups | venture | angels | freelancing | consulting | accounting | payroll | recruiting
  leadership | mentoring | diversity | sustainability | recycling | transit | mobility | automotive
  electrification | batteries | semiconductors | cloud | databases | analytics | devops | opensource | mobile
  gamedev | ux | podcasting | publishing | journalism | media | advertising | sales | customers | operations
  supplychain | procurement | philanthropy | volunteering | theater | dance | culinary | baking | travel
  tourism | weddings | pets | veterinary | dentistry | pharmacy | nursing | telehealth | insurtech | proptech
  legaltech | govtech | civics | policy | economics | investing
`);

export const HOODS = list(`
  Uptown | South End | NoDa | Plaza Midwood | Dilworth | Ballantyne | University City | Elizabeth | Myers Park
  Camp North End | Optimist Park | West End | SouthPark | Wesley Heights
`);

export const FORMATS = list(`
  Mixer | Breakfast | Happy Hour | Panel | Workshop | Meetup | Roundtable | Summit | Lunch | Social
  Fireside Chat | Pitch Night
`);

export const VENUES = list(`
  Rooftop Terrace | The Foundry | Innovation Barn | Hotel Lobby Bar | Brewery Taproom | Coworking Loft
  Art Gallery | Library Hall | Community Center | Wine Bar | Food Hall | Museum Atrium
`);

export const MOODS = list('relaxed | lively | hands-on | candid | fast-paced | friendly | focused | casual');

export const THEMES = list(`
  hiring | funding | growth | partnerships | careers | pricing | culture | remote work | negotiation
  public speaking | storytelling | side projects | first customers | local policy | mentorship
  community building | personal brands | scaling teams | board seats | exits
`);

export const AUDIENCES = list(`
  founders | engineers | designers | students | executives | newcomers to Charlotte | small business owners
  career changers | investors | creatives
`);

export const CATEGORIES = list('Networking | Workshop | Panel | Social | Tech | Finance | Health | Arts');

export const FIRST_NAMES = list(`
  Jordan | Taylor | Morgan | Avery | Riley | Casey | Jamie | Quinn | Harper | Rowan | Emerson | Sage | Dakota
  Reese | Skyler | Parker | Hayden | Cameron | Logan | Elliot | Maya | Priya | Chen | Luis | Amara | Kofi
  Sofia | Mateo | Aisha | Noah
`);

export const LAST_NAMES = list(`
  Lee | Patel | Garcia | Johnson | Kim | Nguyen | Okafor | Smith | Williams | Brown | Davis | Martinez | Lopez
  Wilson | Anderson | Thomas | Moore | Jackson | White | Harris | Clark | Lewis | Walker | Hall | Young | Allen
  King | Wright | Scott | Green
`);

export const COMPANIES = list(`
  Queen City Labs | Carolina Capital | Piedmont Health | Trade Street Studio | Catawba Logistics
  Crown Analytics | Lakeside Legal | Southbound Ventures | Hornet Digital | Mint Hill Co
`);

export const POSITIONS = list(`
  Founder | Engineer | Designer | Product Manager | Analyst | Director | Consultant | Recruiter | Attorney
  Account Executive
`);

export const SPONSORS = list(`
  Queen City Bank | Carolina Power | Piedmont Credit Union | Trade & Tryon Law | Southend Brewing | Crown Realty
  Catawba Health | Lakeside Insurance | Hornet Cloud | Mint Street Media | Uptown Coworking | NoDa Coffee
  Dilworth Dental | Ballantyne Wealth | Plaza Print | Elizabeth Events | Myers Park Motors | West End Works
  SouthPark Staffing | Wesley Heights Wine
`);
