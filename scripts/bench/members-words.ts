// The vocabulary of the members data set: enough different names that a directory search for
// one surname finds a few hundred of 100,000 members, not thousands.

/** A `|`-separated list; line breaks separate too. */
const list = (text: string) => text.split(/\s*[|\n]\s*/).filter(Boolean);

export const MEMBER_FIRST_NAMES = list(`
  Jordan | Taylor | Morgan | Avery | Riley | Casey | Jamie | Quinn | Harper | Rowan | Emerson | Sage | Dakota
  Reese | Skyler | Parker | Hayden | Cameron | Logan | Elliot | Maya | Priya | Chen | Luis | Amara | Kofi
  Sofia | Mateo | Aisha | Noah | Olivia | Liam | Emma | Ethan | Ava | Lucas | Mia | Mason | Isabella | James
  Charlotte | Benjamin | Amelia | Henry | Evelyn | Samuel | Abigail | David | Grace | Daniel | Chloe | Joseph
  Zoe | Gabriel | Nora | Anthony | Lily | Julian | Hannah | Isaac | Aaliyah | Omar | Fatima | Ravi | Anika
  Hiroshi | Yuki | Mei | Wei | Tomas | Elena | Diego | Camila | Andre | Naomi | Malik | Imani | Tariq | Leila
`);

/** 206 surnames: each is in about 0.5% of members. */
export const MEMBER_LAST_NAMES = list(`
  Lee | Patel | Garcia | Johnson | Kim | Nguyen | Okafor | Smith | Williams | Brown | Davis | Martinez | Lopez
  Wilson | Anderson | Thomas | Moore | Jackson | White | Harris | Clark | Lewis | Walker | Hall | Young | Allen
  King | Wright | Scott | Green | Baker | Adams | Nelson | Hill | Ramirez | Campbell | Mitchell | Roberts
  Carter | Phillips | Evans | Turner | Torres | Parker | Collins | Edwards | Stewart | Flores | Morris | Murphy
  Rivera | Cook | Rogers | Morgan | Peterson | Cooper | Reed | Bailey | Bell | Gomez | Kelly | Howard | Ward
  Cox | Diaz | Richardson | Wood | Watson | Brooks | Bennett | Gray | James | Reyes | Cruz | Hughes | Price
  Myers | Long | Foster | Sanders | Ross | Morales | Powell | Sullivan | Russell | Ortiz | Jenkins | Gutierrez
  Perry | Butler | Barnes | Fisher | Henderson | Coleman | Simmons | Patterson | Jordan | Reynolds | Hamilton
  Graham | Wallace | Woods | Cole | West | Owens | Marshall | Gonzales | Ellis | Mcdonald | Harrison | Gibson
  Bryant | Alexander | Griffin | Hayes | Stone | Kennedy | Warren | Dixon | Ramos | Burns | Gordon | Shaw
  Holmes | Rice | Robertson | Hunt | Black | Daniels | Palmer | Mills | Nichols | Grant | Knight | Ferguson
  Rose | Tucker | Porter | Hunter | Hicks | Crawford | Henry | Boyd | Mason | Fleming | Warner | Vargas
  Castillo | Jimenez | Moreno | Romero | Herrera | Medina | Aguilar | Chavez | Guzman | Mendoza | Delgado
  Vasquez | Castro | Ruiz | Alvarez | Fernandez | Wang | Zhang | Liu | Chen | Yang | Huang | Zhao | Wu
  Tanaka | Suzuki | Sato | Watanabe | Ito | Yamamoto | Nakamura | Kobayashi | Singh | Kumar | Shah | Mehta
  Iyer | Reddy | Rao | Joshi | Adeyemi | Okonkwo | Mensah | Asante | Boateng | Nwosu | Abubakar | Haddad
  Khalil | Nasser | Rahman | Hossain | Whitfield | Lindqvist | Novak | Kowalski | Petrov | Ivanova | Rossi
`);

/** The directory search: one surname, found in username and full name of the same few hundred members. */
export const MEMBER_SEARCH = 'whitfield';

export const MEMBER_COMPANIES = list(`
  Queen City Labs | Carolina Capital | Piedmont Health | Trade Street Studio | Catawba Logistics
  Crown Analytics | Lakeside Legal | Southbound Ventures | Hornet Digital | Mint Hill Co | Uptown Bank
  Tryon Partners | NoDa Creative | Dilworth Dental | Ballantyne Wealth | Plaza Print | Freedom Park Foods
  Sugar Creek Energy | Camp North End Works | Optimist Hall Media | Elizabeth Events | Myers Park Motors
  SouthPark Staffing | Wesley Heights Wine | Lake Norman Marine | Concord Motorsport | Gastonia Textiles
  Matthews Medical | Huntersville Homes | Cornelius Cloud | Davidson Research | Pineville Pharmacy
  Belmont Brewing | Steele Creek Supply | University Research Park | Charlotte Fintech Hub | Blue Ridge Insurance
  Atrium Partners | Queen City Coffee | Carolina Panthers Foundation | Duke Street Power | Harris Teeter Tech
  Levine Arts | Mint Museum Store | Discovery Place Labs | Spectrum Sports | Bank Street Advisors | Rail Trail Realty
  Independence Law | Tryon Ventures
`);

export const MEMBER_POSITIONS = list(`
  Founder | Co-founder | CEO | CTO | Software Engineer | Senior Engineer | Designer | Product Manager | Analyst
  Data Scientist | Director | Vice President | Consultant | Recruiter | Attorney | Account Executive
  Marketing Manager | Sales Director | Operations Manager | Financial Advisor | Accountant | Nurse Practitioner
  Physician | Architect | Project Manager | Community Manager | Photographer | Writer | Student | Investor
`);

/** The skills catalogue: name and category. */
export const SKILLS: [string, string][] = [
  ['JavaScript', 'Engineering'],
  ['TypeScript', 'Engineering'],
  ['Python', 'Engineering'],
  ['SQL', 'Engineering'],
  ['Cloud Architecture', 'Engineering'],
  ['Machine Learning', 'Engineering'],
  ['Cybersecurity', 'Engineering'],
  ['Mobile Development', 'Engineering'],
  ['UX Design', 'Design'],
  ['Graphic Design', 'Design'],
  ['Branding', 'Design'],
  ['Photography', 'Design'],
  ['Product Management', 'Business'],
  ['Project Management', 'Business'],
  ['Sales', 'Business'],
  ['Marketing', 'Business'],
  ['Public Speaking', 'Business'],
  ['Negotiation', 'Business'],
  ['Fundraising', 'Business'],
  ['Leadership', 'Business'],
  ['Accounting', 'Finance'],
  ['Financial Modeling', 'Finance'],
  ['Investing', 'Finance'],
  ['Real Estate', 'Finance'],
  ['Recruiting', 'People'],
  ['Mentoring', 'People'],
  ['Community Building', 'People'],
  ['Event Planning', 'People'],
  ['Copywriting', 'Communication'],
  ['Video Production', 'Communication'],
];

export const MESSAGE_SUBJECTS = list(`
  Coffee next week? | Intro request | Following up from the mixer | Question about your talk | Hiring
  Partnership idea | Thanks for the intro | Panel at the summit | Your startup | Mentorship | Board seat
  Volunteer opportunity | Job opening | Speaking slot | Sponsorship | Lunch? | Great meeting you | Quick question
  Event recap | Slides from the workshop | Podcast guest | Investor intro | Design feedback | Co-working space
  Book recommendation | Conference tickets | Team offsite | Referral | Customer intro | Collaboration
`);

export const MESSAGE_OPENERS = list(`
  Hi! | Hey there, | Good morning, | Thanks again, | Hope you are well. | Great to hear from you. | Hello,
  Quick note: | Following up: | Sorry for the slow reply.
`);

export const MESSAGE_BODIES = list(`
  It was great meeting you at the mixer last week and I would love to continue our conversation.
  Would you have 20 minutes for a coffee in South End one morning next week?
  I read your post about scaling teams and it matched what we are seeing at our company right now.
  A friend of mine is hiring a senior engineer and I thought of you immediately.
  Could you share the slides from your talk? Several people on my team asked about them.
  We are putting together a panel on local policy and would love to have you on it.
  Let me know if Thursday works; otherwise I am free most of the following week.
  I am happy to make an introduction if you think it would be useful for both of you.
  Thanks for the thoughtful feedback on our pitch deck; we already changed the pricing slide.
  The workshop is full but I can add you to the waitlist and let you know as soon as a seat opens.
`);
