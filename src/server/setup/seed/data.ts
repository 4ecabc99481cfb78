// The demo community's content: fictional Charlotte professionals, their skills, events,
// sponsors, podcast episodes, forum discussions and message threads. Plain data only; the area
// modules beside it (people.ts, events.ts...) turn it into rows (ids, times relative to "now",
// images). Texts name no season, month or holiday: the dates move with "now". `{gala}` stands
// for the upcoming gala's name, which follows the season of its date.

import type { HairStyle } from './images';

export const DEMO_EMAIL_DOMAIN = 'powermixer.example';

export interface MemberData {
  first: string;
  last: string;
  company: string;
  position: string;
  bio: string;
  skills: string[];
  sponsor?: boolean;
  panelist?: boolean;
}

export const SKILLS: { name: string; category: string }[] = [
  { name: 'Residential Sales', category: 'Real Estate' },
  { name: 'Commercial Real Estate', category: 'Real Estate' },
  { name: 'Property Management', category: 'Real Estate' },
  { name: 'Real Estate Investing', category: 'Real Estate' },
  { name: 'Home Staging', category: 'Real Estate' },
  { name: 'Relocation', category: 'Real Estate' },
  { name: 'Mortgage Lending', category: 'Finance' },
  { name: 'Commercial Lending', category: 'Finance' },
  { name: 'Financial Planning', category: 'Finance' },
  { name: 'Tax & Accounting', category: 'Finance' },
  { name: 'Insurance', category: 'Finance' },
  { name: 'Social Media Marketing', category: 'Marketing' },
  { name: 'Brand Strategy', category: 'Marketing' },
  { name: 'Photography & Video', category: 'Marketing' },
  { name: 'Content Creation', category: 'Marketing' },
  { name: 'Event Planning', category: 'Marketing' },
  { name: 'PropTech', category: 'Technology' },
  { name: 'Web Development', category: 'Technology' },
  { name: 'CRM & Automation', category: 'Technology' },
  { name: 'Data Analytics', category: 'Technology' },
  { name: 'Team Leadership', category: 'Leadership' },
  { name: 'Public Speaking', category: 'Leadership' },
  { name: 'Executive Coaching', category: 'Leadership' },
  { name: 'Negotiation', category: 'Leadership' },
  { name: 'Architecture', category: 'Design & Construction' },
  { name: 'Interior Design', category: 'Design & Construction' },
  { name: 'General Contracting', category: 'Design & Construction' },
  { name: 'Landscape Design', category: 'Design & Construction' },
  { name: 'Real Estate Law', category: 'Legal' },
];

/** The organizer who runs the community (and the demo's admin account). */
export const ADMIN_DATA = {
  username: 'camillejefferson',
  fullName: 'Camille Jefferson',
  company: 'Power Mixer',
  position: 'Founder & Community Director',
  bio: 'Former commercial lender who started Power Mixer with a dozen friends around a brewery table in NoDa. I plan the mixers, look after our sponsors and host the podcast. Tell me who you would like to meet and I will make the introduction.',
  skills: ['Event Planning', 'Commercial Lending', 'Public Speaking'],
};

export const MEMBERS: MemberData[] = [
  {
    first: 'Jordan',
    last: 'Lee',
    company: 'Queen City Realty Group',
    position: 'Realtor',
    bio: 'Helping first-time buyers and growing families find their place in Charlotte, from NoDa bungalows to Ballantyne new builds.',
    skills: ['Residential Sales', 'Negotiation', 'Social Media Marketing'],
  },
  {
    first: 'Maya',
    last: 'Patel',
    company: 'Piedmont Home Lending',
    position: 'Senior Loan Officer',
    bio: 'Mortgage loan officer with eleven years in the Carolinas. I love making the pre-approval process painless for buyers and their agents.',
    skills: ['Mortgage Lending', 'Financial Planning', 'Public Speaking'],
  },
  {
    first: 'Marcus',
    last: 'Bennett',
    company: 'Bennett & Co. Realty',
    position: 'Managing Broker',
    bio: 'Managing broker leading a team of 24 agents across Mecklenburg and Union counties. Always happy to talk recruiting and team culture.',
    skills: ['Residential Sales', 'Team Leadership', 'Negotiation', 'Executive Coaching'],
  },
  {
    first: 'Tasha',
    last: 'Greene',
    company: 'Greene Line Studio',
    position: 'Founder & Principal Architect',
    bio: 'Architect focused on infill housing and adaptive reuse. Our studio has designed more than forty homes in Plaza Midwood and Villa Heights.',
    skills: ['Architecture', 'Interior Design', 'Brand Strategy'],
  },
  {
    first: 'Carlos',
    last: 'Rivera',
    company: 'Carolina Commercial Partners',
    position: 'Commercial Broker',
    bio: 'Retail and mixed-use leasing along the South End and LYNX Blue Line corridor. Ask me about small-bay industrial too.',
    skills: ['Commercial Real Estate', 'Negotiation', 'Data Analytics'],
  },
  {
    first: 'Olivia',
    last: 'Hart',
    company: 'Hart Title & Escrow',
    position: 'Title Attorney',
    bio: 'Real estate attorney and owner of Hart Title & Escrow. Smooth closings are a team sport, and I like to be the calm one in the room.',
    skills: ['Real Estate Law', 'Negotiation'],
    sponsor: true,
  },
  {
    first: 'Derrick',
    last: 'Coleman',
    company: 'Coleman Capital Ventures',
    position: 'Founder & CEO',
    bio: 'Investor and operator. Coleman Capital backs multifamily value-add deals and early-stage PropTech founders in the Southeast.',
    skills: ['Real Estate Investing', 'Commercial Lending', 'Team Leadership', 'Public Speaking'],
    sponsor: true,
    panelist: true,
  },
  {
    first: 'Priya',
    last: 'Shah',
    company: 'Crown Wealth Advisors',
    position: 'Financial Advisor',
    bio: 'Fee-only financial planner for business owners and real estate professionals with uneven incomes.',
    skills: ['Financial Planning', 'Tax & Accounting', 'Public Speaking'],
  },
  {
    first: 'Ethan',
    last: 'Brooks',
    company: 'Brooks Home Inspections',
    position: 'Licensed Home Inspector',
    bio: 'NC-licensed home inspector. Detailed reports with photos within 24 hours, and I always explain findings in plain English.',
    skills: ['Residential Sales', 'General Contracting'],
  },
  {
    first: 'Simone',
    last: 'Whitaker',
    company: 'Whitaker Interiors',
    position: 'Interior Designer',
    bio: 'Interior designer for model homes and boutique hospitality. Warm modern is my happy place.',
    skills: ['Interior Design', 'Home Staging', 'Brand Strategy'],
  },
  {
    first: 'Andre',
    last: 'Mitchell',
    company: 'Mitchell Build Co.',
    position: 'General Contractor',
    bio: 'Licensed general contractor specializing in renovations and custom homes. On time, on budget, and honest about both.',
    skills: ['General Contracting', 'Architecture', 'Team Leadership'],
  },
  {
    first: 'Hannah',
    last: 'Kim',
    company: 'South End Creative',
    position: 'Marketing Director',
    bio: 'I help real estate teams and local businesses tell their story: campaigns, content calendars and launch events.',
    skills: ['Social Media Marketing', 'Content Creation', 'Brand Strategy', 'Event Planning'],
  },
  {
    first: 'Brandon',
    last: 'Ortiz',
    company: 'Ortiz Property Holdings',
    position: 'Real Estate Investor',
    bio: 'Buy, renovate, rent, refinance. Fourteen doors and counting across west Charlotte and Gastonia.',
    skills: ['Real Estate Investing', 'Property Management', 'Negotiation'],
    panelist: true,
  },
  {
    first: 'Lauren',
    last: 'Fields',
    company: 'Fields Property Management',
    position: 'Property Manager',
    bio: 'Managing 300+ single-family and small multifamily units. Happy tenants, boring reports, zero surprises.',
    skills: ['Property Management', 'CRM & Automation'],
  },
  {
    first: 'Kevin',
    last: 'Nguyen',
    company: 'Parcelwise',
    position: 'Co-founder & CTO',
    bio: 'Building Parcelwise, a tool that helps agents price land and lots. Former fintech engineer, current Charlotte FC season ticket holder.',
    skills: ['PropTech', 'Web Development', 'Data Analytics', 'CRM & Automation'],
  },
  {
    first: 'Danielle',
    last: 'Price',
    company: 'Price Insurance Group',
    position: 'Insurance Agent',
    bio: 'Home, auto and umbrella coverage for Charlotte families, plus landlord policies for investors.',
    skills: ['Insurance', 'Financial Planning'],
  },
  {
    first: 'Rashad',
    last: 'Owens',
    company: 'Owens Visuals',
    position: 'Photographer & Videographer',
    bio: 'Real estate photography, drone video and brand portraits. If it needs to look good online, I can shoot it.',
    skills: ['Photography & Video', 'Content Creation', 'Social Media Marketing'],
  },
  {
    first: 'Grace',
    last: 'Sullivan',
    company: 'Queen City Relocation',
    position: 'Relocation Specialist',
    bio: 'Helping corporate transferees land softly in Charlotte: neighborhoods, schools, rentals and everything in between.',
    skills: ['Relocation', 'Residential Sales'],
  },
  {
    first: 'Tyler',
    last: 'Jensen',
    company: 'Jensen Mortgage Co.',
    position: 'Mortgage Broker',
    bio: 'Independent mortgage broker shopping forty lenders for my clients. Specialties: self-employed borrowers and VA loans.',
    skills: ['Mortgage Lending', 'Negotiation', 'CRM & Automation'],
  },
  {
    first: 'Nia',
    last: 'Robinson',
    company: 'Robinson Law PLLC',
    position: 'Business Attorney',
    bio: 'Entity formation, contracts and partnership agreements for small businesses and real estate investors.',
    skills: ['Real Estate Law', 'Negotiation', 'Public Speaking'],
    panelist: true,
  },
  {
    first: 'Samuel',
    last: 'Okafor',
    company: 'Okafor & Associates CPAs',
    position: 'Managing Partner, CPA',
    bio: 'Tax strategy for agents, investors and small business owners. Cost segregation is more exciting than it sounds.',
    skills: ['Tax & Accounting', 'Financial Planning', 'Real Estate Investing'],
  },
  {
    first: 'Rebecca',
    last: 'Lawson',
    company: 'Lawson Luxury Homes',
    position: 'Luxury Home Specialist',
    bio: 'Top-producing agent for Myers Park, Eastover and Lake Norman waterfront. Discreet, data-driven and relentlessly prepared.',
    skills: ['Residential Sales', 'Negotiation', 'Brand Strategy', 'Public Speaking'],
    sponsor: true,
  },
  {
    first: 'Victor',
    last: 'Alvarez',
    company: 'Verde Landscape Design',
    position: 'Landscape Architect',
    bio: 'Native plantings, outdoor living spaces and stormwater-friendly design for homes and townhome communities.',
    skills: ['Landscape Design', 'Architecture'],
  },
  {
    first: 'Jasmine',
    last: 'Carter',
    company: 'Carter Events Co.',
    position: 'Event Planner',
    bio: 'Corporate events, galas and brand activations. I have planned parties on rooftops, in breweries and once in a parking deck.',
    skills: ['Event Planning', 'Brand Strategy', 'Social Media Marketing'],
  },
  {
    first: 'Michael',
    last: 'Tran',
    company: 'Uptown Community Bank',
    position: 'VP, Commercial Lending',
    bio: 'Commercial lender financing owner-occupied buildings, small multifamily and construction projects across the region.',
    skills: ['Commercial Lending', 'Financial Planning', 'Data Analytics'],
    sponsor: true,
  },
  {
    first: 'Aisha',
    last: 'Mahmoud',
    company: 'Mahmoud Brand Studio',
    position: 'Brand Strategist',
    bio: 'Brand strategy and identity for professional service firms. I help experts sound like themselves, only clearer.',
    skills: ['Brand Strategy', 'Content Creation', 'Public Speaking'],
  },
  {
    first: 'Chris',
    last: 'Dalton',
    company: 'Dalton Home Staging',
    position: 'Owner & Lead Stager',
    bio: 'Staged homes sell faster. We keep a 6,000 sq ft warehouse of furniture ready for vacant and occupied listings.',
    skills: ['Home Staging', 'Interior Design'],
  },
  {
    first: 'Erin',
    last: 'McAllister',
    company: 'Summit Leadership Coaching',
    position: 'Executive Coach',
    bio: 'Leadership coach for brokers, founders and first-time managers. Former regional VP turned full-time coach.',
    skills: ['Executive Coaching', 'Team Leadership', 'Public Speaking'],
    panelist: true,
  },
  {
    first: 'Jamal',
    last: 'Harris',
    company: 'NoDa Homes Collective',
    position: 'Real Estate Agent',
    bio: 'New agent, old Charlotte roots. Specializing in NoDa, Optimist Park and the neighborhoods along the Blue Line extension.',
    skills: ['Residential Sales', 'Social Media Marketing'],
  },
  {
    first: 'Sofia',
    last: 'Russo',
    company: 'Russo Development Group',
    position: 'Development Project Manager',
    bio: 'Managing townhome and mixed-use projects from entitlement to certificate of occupancy.',
    skills: ['Real Estate Investing', 'General Contracting', 'Team Leadership', 'Data Analytics'],
  },
];

export const SPONSORS: { name: string; level: 'Title Sponsor' | 'Event Sponsor'; info: string; domain: string }[] = [
  {
    name: 'Uptown Community Bank',
    level: 'Title Sponsor',
    domain: 'uptowncommunitybank.example',
    info: 'A Charlotte-based community bank financing local homes, businesses and commercial projects since 1998.',
  },
  {
    name: 'Coleman Capital Ventures',
    level: 'Title Sponsor',
    domain: 'colemancapital.example',
    info: 'Private investment firm backing multifamily value-add deals and early-stage PropTech companies in the Southeast.',
  },
  {
    name: 'Lawson Luxury Homes',
    level: 'Event Sponsor',
    domain: 'lawsonluxuryhomes.example',
    info: 'Boutique brokerage for luxury and waterfront homes in Myers Park, Eastover and Lake Norman.',
  },
  {
    name: 'Hart Title & Escrow',
    level: 'Event Sponsor',
    domain: 'harttitle.example',
    info: 'Residential and commercial closings, title insurance and escrow services across North and South Carolina.',
  },
  {
    name: 'Piedmont Home Lending',
    level: 'Event Sponsor',
    domain: 'piedmonthomelending.example',
    info: 'Purchase and refinance loans with local underwriting and fast, friendly closings.',
  },
  {
    name: 'South End Creative',
    level: 'Event Sponsor',
    domain: 'southendcreative.example',
    info: 'Marketing agency for real estate teams and local brands: content, campaigns and launch events.',
  },
];

export const VENUES = {
  westin: 'The Westin Charlotte, 601 S College St, Charlotte, NC 28202',
  mint: 'The Mint Museum Uptown, 500 S Tryon St, Charlotte, NC 28202',
  campNorthEnd: 'Camp North End, 1824 Statesville Ave, Charlotte, NC 28206',
  optimistHall: 'Optimist Hall, 1115 N Brevard St, Charlotte, NC 28206',
  ballantyne: 'The Ballantyne Hotel, 10000 Ballantyne Commons Pkwy, Charlotte, NC 28277',
  heist: 'Heist Brewery, 2909 N Davidson St, Charlotte, NC 28205',
  convention: 'Charlotte Convention Center, 501 S College St, Charlotte, NC 28202',
  bearden: 'Romare Bearden Park, 300 S Church St, Charlotte, NC 28202',
} as const;

/** How many event-gallery photos are drawn; completed events share them in turn. */
export const GALLERY_PHOTOS = 12;

/** Speaker portraits in event galleries: index into MEMBERS, their role, and the hair drawn. */
export const PANELIST_CARDS: { member: number; role: string; hair: HairStyle }[] = [
  { member: 6, role: 'Founder & CEO, Coleman Capital', hair: 'crop' },
  { member: 12, role: 'Real Estate Investor', hair: 'short' },
  { member: 19, role: 'Business Attorney', hair: 'long' },
  { member: 27, role: 'Executive Coach', hair: 'bun' },
  { member: 21, role: 'Luxury Home Specialist', hair: 'long' },
  { member: 1, role: 'Senior Loan Officer', hair: 'bun' },
];

/** A message thread: two members (usernames) and the lines each says, oldest first. */
export interface ThreadData {
  a: string;
  b: string;
  subject: string;
  daysAgo: number;
  /** When set, the last message is still unread. */
  unread?: boolean;
  lines: ['a' | 'b', string][];
}

export const THREADS: ThreadData[] = [
  {
    a: 'jordanlee',
    b: 'mayapatel',
    subject: 'Pre-approval for my buyers',
    daysAgo: 21,
    lines: [
      [
        'a',
        'Hi Maya! I have a young couple relocating from Raleigh looking around $425k. Could you get them pre-approved this week?',
      ],
      [
        'b',
        'Absolutely. Send me their contact info and I will reach out today. Are they thinking conventional or FHA?',
      ],
      ['a', 'Conventional, they have about 10% down. I just e-mailed you their details.'],
      ['b', 'Got it. Spoke with them this afternoon; pre-approval letter should be ready Thursday.'],
    ],
  },
  {
    a: 'carlosrivera',
    b: 'michaeltran',
    subject: 'Financing for a South End retail building',
    daysAgo: 34,
    lines: [
      [
        'a',
        'Michael, I have a buyer for a 12,000 sq ft retail building near the Bland St station. Owner-occupied about 40%. Worth a conversation?',
      ],
      ['b', 'Definitely worth a conversation. What is the purchase price and current occupancy?'],
      ['a', '$4.2M, 85% leased including the buyer. I can send the rent roll.'],
      ['b', 'Please do. That fits our box well. Let us set up a call with the buyer next week.'],
    ],
  },
  {
    a: 'tashagreene',
    b: 'andremitchell',
    subject: 'Plaza Midwood renovation',
    daysAgo: 45,
    lines: [
      ['a', 'Andre, the Plaza Midwood bungalow drawings are done. Would you be able to bid on it?'],
      ['b', 'Happy to. Is it the one with the rear addition and the new roofline?'],
      ['a', 'That is the one. The permit set is in our shared folder; link coming by e-mail.'],
      [
        'b',
        'Reviewed everything. I will have numbers to you by Friday. The steel beam detail might need a second look.',
      ],
      ['a', 'Good catch. I will talk to the structural engineer and send a revision.'],
    ],
  },
  {
    a: 'hannahkim',
    b: 'rashadowens',
    subject: 'Listing video package',
    daysAgo: 16,
    lines: [
      [
        'a',
        'Rashad, we are putting together a marketing bundle for a brokerage client. Could you quote photo plus a 60-second vertical video per listing?',
      ],
      ['b', 'Sure thing. For 10+ listings a month I can do a package rate. Drone included?'],
      ['a', 'Drone only for homes over $750k. Can you send a sample reel?'],
      ['b', 'Sent two reels to your inbox. Let me know what you think!'],
    ],
  },
  {
    a: 'brandonortiz',
    b: 'laurenfields',
    subject: 'Property management for 3 rentals',
    daysAgo: 27,
    lines: [
      [
        'a',
        'Hi Lauren, I just closed on three more single-family rentals in west Charlotte. Are you taking on new doors?',
      ],
      ['b', 'We are! What are the addresses and are they currently leased?'],
      ['a', 'Two are leased, one needs a turn. I will send the details over.'],
      ['b', 'Perfect. I will send our management agreement and a turn estimate for the vacant one.'],
    ],
  },
  {
    a: 'derrickcoleman',
    b: 'kevinnguyen',
    subject: 'Parcelwise pitch deck',
    daysAgo: 12,
    lines: [
      ['a', 'Kevin, enjoyed your demo at the last mixer. Would love to see the deck and your traction numbers.'],
      ['b', 'Thanks Derrick! Sending the deck now. We are at 140 paying agents and growing 15% month over month.'],
      ['a', 'Impressive. Let us grab coffee at Optimist Hall next week to talk terms.'],
    ],
  },
  {
    a: 'priyashah',
    b: 'samuelokafor',
    subject: 'Shared client referral',
    daysAgo: 40,
    lines: [
      [
        'a',
        'Samuel, one of my clients just bought two rental properties and needs a CPA who understands cost segregation. Can I connect you?',
      ],
      ['b', 'Please do. Happy to take a look, and thank you for thinking of us.'],
      ['a', 'Introduced you both by e-mail. She is great to work with.'],
    ],
  },
  {
    a: 'rebeccalawson',
    b: 'chrisdalton',
    subject: 'Staging for Myers Park listing',
    daysAgo: 9,
    lines: [
      [
        'a',
        'Chris, I have a vacant 5-bedroom in Myers Park going live in two weeks. Do you have availability for a full stage?',
      ],
      ['b', 'We can do it. Walkthrough Tuesday at 10?'],
      ['a', 'Tuesday at 10 works. Lockbox code will be in the showing instructions.'],
      ['b', 'See you then. I will bring the mood board for the living spaces.'],
    ],
  },
  {
    a: 'jasminecarter',
    b: 'camillejefferson',
    subject: 'Seating plan for the {gala}',
    daysAgo: 6,
    unread: true,
    lines: [
      [
        'a',
        'Hi Camille! The Mint sent their floor plan for the {gala}: room for 30 tables of eight around the dance floor.',
      ],
      ['b', 'Perfect. Can we keep the two front tables for the award winners?'],
      ['a', 'Done. Sponsors get first pick of the rest; I will send them the plan this week.'],
    ],
  },
  {
    a: 'derrickcoleman',
    b: 'camillejefferson',
    subject: 'Title sponsorship renewal',
    daysAgo: 4,
    unread: true,
    lines: [
      ['a', 'Camille, Coleman Capital would like to renew as a Title Sponsor for another twelve months.'],
      ['b', 'That is wonderful news, thank you Derrick! I will send the updated sponsorship deck.'],
      ['a', 'Received, looks great. Can we add a short speaking slot at the {gala}?'],
    ],
  },
  {
    a: 'niarobinson',
    b: 'camillejefferson',
    subject: 'Panel prep for the investing workshop',
    daysAgo: 14,
    lines: [
      ['a', 'Hi Camille, for the investing workshop, how long should each panelist speak before Q&A?'],
      ['b', 'About 10 minutes each, then 30 minutes of open Q&A.'],
      ['a', 'Perfect. I will cover LLC structures and partnership agreements.'],
      ['b', 'Sounds great. I will share the run of show next week.'],
    ],
  },
  {
    a: 'gracesullivan',
    b: 'camillejefferson',
    subject: 'Newcomer welcome table idea',
    daysAgo: 2,
    unread: true,
    lines: [
      [
        'a',
        'What if we had a welcome table at each mixer for people who just moved to Charlotte? I would be glad to host it.',
      ],
    ],
  },
  {
    a: 'camillejefferson',
    b: 'jamalharris',
    subject: 'Welcome to Power Mixer!',
    daysAgo: 30,
    lines: [
      [
        'a',
        'Welcome to the community, Jamal! Let me know if you would like an introduction to anyone before the next mixer.',
      ],
      ['b', 'Thanks Camille! I would love to meet a couple of lenders who work with first-time buyers.'],
    ],
  },
  {
    a: 'ethanbrooks',
    b: 'jordanlee',
    subject: 'Inspection report for Dilworth',
    daysAgo: 18,
    lines: [
      [
        'a',
        'Jordan, the Dilworth inspection report is uploaded. Mostly cosmetic, but the water heater is at the end of its life.',
      ],
      ['b', 'Thanks Ethan. We will ask for a credit. Anything about the crawlspace?'],
      ['a', 'Some moisture near the back corner. I would recommend a vapor barrier; details on page 14.'],
    ],
  },
  {
    a: 'victoralvarez',
    b: 'sofiarusso',
    subject: 'Landscape plan for the townhome project',
    daysAgo: 25,
    lines: [
      ['a', 'Sofia, I e-mailed you the first pass at the planting plan for the Wesley Heights townhomes.'],
      ['b', 'Looks beautiful. Can we keep the street trees but swap the lawn strips for something lower maintenance?'],
      ['a', 'Yes, native groundcover would work well there and helps with stormwater.'],
      ['b', 'Great, please send the revised plan and updated cost estimate.'],
    ],
  },
  {
    a: 'aishamahmoud',
    b: 'danielleprice',
    subject: 'Rebrand proposal',
    daysAgo: 11,
    lines: [
      [
        'a',
        'Danielle, thanks for the chat at the mixer. I just e-mailed you a short proposal for the Price Insurance Group refresh.',
      ],
      ['b', 'This is exactly what we need. Could we start with the logo and website?'],
      ['a', 'Absolutely. I will send a timeline and we can kick off next Monday.'],
    ],
  },
  {
    a: 'tylerjensen',
    b: 'jamalharris',
    subject: 'Rate update this week',
    daysAgo: 5,
    unread: true,
    lines: [
      ['a', 'Jamal, rates dipped a bit this week. Good moment to nudge your buyers who were on the fence.'],
      ['b', 'Thanks for the heads up. I have two clients who will want to hear this.'],
      ['a', 'Send them my way and I will run fresh numbers the same day.'],
    ],
  },
  {
    a: 'erinmcallister',
    b: 'marcusbennett',
    subject: 'Coaching for your new agents',
    daysAgo: 38,
    lines: [
      [
        'a',
        'Marcus, you mentioned onboarding six new agents this quarter. I run a 6-week group coaching program that could help.',
      ],
      ['b', 'That is timely. What does the program cover?'],
      [
        'a',
        'Goal setting, time blocking, handling objections and building a referral habit. One 90-minute session per week.',
      ],
      ['b', 'Let us do it. Can we start the first week of next month?'],
    ],
  },
  {
    a: 'oliviahart',
    b: 'carlosrivera',
    subject: 'Closing date for the Freedom Drive deal',
    daysAgo: 8,
    lines: [
      ['a', 'Carlos, the lender needs two more days for the appraisal review. Can we push closing back two days?'],
      ['b', 'Let me check with both sides.'],
      ['b', 'Both parties agreed. Closing moves two days.'],
      ['a', 'Great, I will send the amendment for signatures this afternoon.'],
    ],
  },
  {
    a: 'simonewhitaker',
    b: 'tashagreene',
    subject: 'Collaboration on the Ballantyne model home',
    daysAgo: 20,
    lines: [
      [
        'a',
        'Tasha, the builder asked me to do interiors for the Ballantyne model you designed. Want to sync on materials?',
      ],
      ['b', 'Yes! I was hoping for warm oak and black steel accents throughout.'],
      ['a', 'Same page already. I will bring samples to your studio Wednesday.'],
      ['b', 'See you Wednesday!'],
    ],
  },
  {
    a: 'kevinnguyen',
    b: 'hannahkim',
    subject: 'CRM automations',
    daysAgo: 3,
    unread: true,
    lines: [
      [
        'a',
        'Hannah, I built a small automation that sends leads from your listing campaigns straight into your clients\u2019 CRM. Want to try it?',
      ],
      ['b', 'Yes please! Does it work with our e-mail drip campaigns too?'],
      ['a', 'It does. I will set up a demo account for you today.'],
    ],
  },
  {
    a: 'marcusbennett',
    b: 'jordanlee',
    subject: 'Your offer on our Elizabeth Avenue listing',
    daysAgo: 7,
    lines: [
      [
        'a',
        'Jordan, thanks for your buyers\u2019 offer on our Elizabeth Avenue listing. The sellers accept the price but need two more weeks to close.',
      ],
      ['b', 'Thanks Marcus. My buyers are flexible on timing, so that should work. Can you send the counter?'],
      ['a', 'Sent it to you by e-mail just now. Congratulations to your buyers.'],
    ],
  },
  {
    a: 'mayapatel',
    b: 'tylerjensen',
    subject: 'Jumbo loan question',
    daysAgo: 15,
    lines: [
      ['a', 'Tyler, have you placed any jumbo loans with less than 15% down lately?'],
      ['b', 'A couple. One portfolio lender still does 10% down with strong reserves.'],
      ['a', 'Thank you! Our jumbo program needs 20% down, so I will send this borrower your way today.'],
    ],
  },
];

export interface ForumData {
  name: string;
  description: string;
  posts: { author: string; title: string; content: string; replies: [string, string][] }[];
}

export const FORUMS: ForumData[] = [
  {
    name: 'Charlotte Market Talk',
    description:
      '<p>Prices, inventory, new developments and neighborhood trends across <strong>Charlotte and the surrounding counties</strong>.</p><p>Share data, ask questions and compare notes with other professionals.</p>',
    posts: [
      {
        author: 'carlosrivera',
        title: 'South End retail vacancies are creeping up',
        content:
          'Seeing more ground-floor retail sitting empty along the rail trail than a year ago. Is this a blip, or are landlords asking too much? Curious what others are seeing.',
        replies: [
          [
            'michaeltran',
            '<p>We are seeing the same in our loan reviews. Asking rents are still priced for 2022 foot traffic.</p>',
          ],
          [
            'sofiarusso',
            '<p>Our newest project pre-leased quickly by offering <strong>tenant improvement allowances</strong> instead of rent cuts.</p>',
          ],
          [
            'derrickcoleman',
            '<p>Great point! Smaller bays are leasing fine. It is the 5,000+ sq ft spaces that sit.</p>',
          ],
        ],
      },
      {
        author: 'jordanlee',
        title: 'First-time buyers and the $400k price point',
        content:
          'Almost every first-time buyer I meet is shopping around $400k. Which neighborhoods are you pointing them to these days?',
        replies: [
          ['jamalharris', '<p>Hidden Valley and parts of east Charlotte still have good options near that number.</p>'],
          ['gracesullivan', '<p>My relocation clients love Matthews and Mint Hill for schools at that price.</p>'],
        ],
      },
      {
        author: 'rebeccalawson',
        title: 'Lake Norman waterfront: market update',
        content:
          'Waterfront inventory is up about 12% from a year ago but well-priced homes still go in under two weeks. Happy to share comps with anyone working the lake.',
        replies: [
          ['marcusbennett', '<p>Thanks Rebecca, that matches what our team is seeing.</p>'],
          ['tylerjensen', '<p>Jumbo financing has been a bit easier lately, which helps those buyers.</p>'],
          [
            'oliviahart',
            '<p>Reminder to check <strong>dock permits</strong> early on lake closings; they can delay title.</p>',
          ],
        ],
      },
      {
        author: 'brandonortiz',
        title: 'Is build-to-rent oversupplied?',
        content:
          'A lot of build-to-rent communities are opening around the outer loop. Anyone tracking lease-up times compared to scattered-site rentals?',
        replies: [
          [
            'laurenfields',
            '<p>Lease-up is slower than the pro formas assumed, roughly 30% longer in our portfolio.</p>',
          ],
        ],
      },
    ],
  },
  {
    name: 'Lending & Finance Q&A',
    description:
      '<p>Ask the lenders, advisors and CPAs in the community anything about <strong>mortgages, commercial loans, taxes and planning</strong>.</p><p>No sales pitches, please.</p>',
    posts: [
      {
        author: 'jamalharris',
        title: 'Best loan programs for teachers and nurses?',
        content:
          'I have several clients who are teachers and nurses. Are there local down payment assistance programs you would recommend?',
        replies: [
          [
            'mayapatel',
            '<p>Look at the <strong>NC Home Advantage</strong> program and the city HouseCharlotte assistance. Happy to walk your clients through both.</p>',
          ],
          ['tylerjensen', '<p>Some credit unions also have special programs for healthcare workers. Worth a call.</p>'],
        ],
      },
      {
        author: 'brandonortiz',
        title: 'DSCR loans vs conventional for rentals',
        content:
          'At what point does it make sense to switch from conventional to DSCR loans for rental properties? I am at eight properties now.',
        replies: [
          ['michaeltran', '<p>Once you pass ten financed properties conventional gets hard, so plan for it now.</p>'],
          [
            'samuelokafor',
            '<p>Also think about how each option affects your entity structure and taxes before you refinance.</p>',
          ],
          [
            'priyashah',
            '<p>Great point! Keep a cash reserve of six months per property whichever route you choose.</p>',
          ],
        ],
      },
      {
        author: 'simonewhitaker',
        title: 'SBA loan to buy our studio space?',
        content:
          'Our landlord offered to sell us the building. A friend said an SBA 504 loan needs only 10% down. Has anyone here used one, and how long did it take to close?',
        replies: [
          [
            'michaeltran',
            '<p>Yes, we do a lot of these. An <strong>SBA 504</strong> fits an owner-occupied building: about 10% down and a fixed rate on the larger part. Plan on 60 to 90 days to close. Find me at the next mixer and I will walk you through it.</p>',
          ],
          ['samuelokafor', '<p>Ask your CPA about depreciation before you sign. It changes the math a lot.</p>'],
        ],
      },
      {
        author: 'simonewhitaker',
        title: 'Quarterly taxes for new business owners',
        content:
          'My first full year running my design studio. How do you all handle quarterly estimated taxes without getting surprised in April?',
        replies: [
          [
            'samuelokafor',
            '<p>Set aside 25-30% of every payment in a separate account and pay the quarterlies from there.</p>',
          ],
          ['priyashah', '<p>Agreed. Automate the transfer so you never have to think about it.</p>'],
        ],
      },
    ],
  },
  {
    name: 'Marketing & Branding',
    description:
      '<p>Social media, video, personal brand and lead generation for <strong>real estate and professional services</strong>.</p>',
    posts: [
      {
        author: 'hannahkim',
        title: 'What is working on Instagram right now?',
        content:
          'For agents and lenders: which types of posts are actually bringing you leads? Reels, neighborhood guides, market updates?',
        replies: [
          [
            'rashadowens',
            '<p>Short neighborhood tours with a face on camera outperform polished listing videos for us.</p>',
          ],
          ['jordanlee', '<p>My "coffee shop of the week" series brings in more DMs than any listing post.</p>'],
          ['aishamahmoud', '<p>Consistency beats production value. Two posts a week, every week.</p>'],
        ],
      },
      {
        author: 'aishamahmoud',
        title: 'Headshots: how often should you update?',
        content:
          'I keep meeting people whose headshot is ten years old. What is a reasonable refresh cycle for professional photos?',
        replies: [
          [
            'rashadowens',
            '<p>Every two years, or whenever you change your look. People should recognize you at a mixer.</p>',
          ],
          ['chrisdalton', '<p>Guilty! Booking a session this month.</p>'],
        ],
      },
      {
        author: 'kevinnguyen',
        title: 'Do you still need a personal website?',
        content:
          'With social profiles everywhere, is a personal website still worth it for agents? Curious how much traffic yours actually gets.',
        replies: [
          ['hannahkim', '<p>Yes. It is the one place you own. Social platforms can change the rules overnight.</p>'],
        ],
      },
    ],
  },
  {
    name: 'Events & Community',
    description:
      '<p>Ideas for upcoming mixers, introductions, volunteer opportunities and <strong>everything Power Mixer</strong>.</p><p>New here? Introduce yourself!</p>',
    posts: [
      {
        author: 'camillejefferson',
        title: 'Introduce yourself!',
        content:
          'Welcome to Power Mixer! Tell us your name, what you do and what kind of connections you are looking for this year.',
        replies: [
          [
            'jamalharris',
            '<p>Jamal here, new agent with NoDa Homes Collective. Looking to meet lenders and inspectors!</p>',
          ],
          [
            'victoralvarez',
            '<p>Victor, landscape architect. Would love to meet builders and developers working on townhome projects.</p>',
          ],
          [
            'gracesullivan',
            '<p>Grace, relocation specialist. Always looking for agents who love helping newcomers.</p>',
          ],
          [
            'danielleprice',
            '<p>Danielle, insurance agent. Happy to help anyone with landlord or homeowner policies.</p>',
          ],
        ],
      },
      {
        author: 'jasminecarter',
        title: 'Ideas for the {gala} theme',
        content: 'We are brainstorming themes for the {gala}. Throw your ideas in here, the wilder the better.',
        replies: [
          ['simonewhitaker', '<p>A <strong>Queen City Nights</strong> theme with skyline projections?</p>'],
          ['hannahkim', '<p>Great point about the skyline, we could pair it with a photo wall by Rashad.</p>'],
        ],
      },
      {
        author: 'erinmcallister',
        title: 'Volunteers for the next workshop',
        content:
          'Looking for two volunteers to help with check-in at the investing workshop. It is a great way to meet everyone.',
        replies: [
          ['laurenfields', '<p>Count me in!</p>'],
          ['ethanbrooks', '<p>I can help too, as long as I can catch the last panel.</p>'],
        ],
      },
    ],
  },
];

export const CONTACT_MESSAGES = [
  {
    fullName: 'Whitney Cole',
    email: 'whitney.cole@example.com',
    phone: '704-555-0142',
    subject: 'Sponsorship opportunities',
    message:
      'Hello! Our title company is interested in sponsoring an upcoming mixer. Could you send information about the sponsorship levels and pricing?',
    daysAgo: 3,
  },
  {
    fullName: 'Raymond Fisher',
    email: 'ray.fisher@example.com',
    phone: null,
    subject: 'Joining the community',
    message:
      'I just moved to Charlotte from Atlanta and work in commercial lending. Do I need to attend an event before creating an account?',
    daysAgo: 1,
  },
];
