// What the demo members offer and look for, in their own words (usernames from data.ts). Many
// meet each other both ways (the loan officer offers mortgage loans and looks for realtor
// referrals; the realtors look for a mortgage lender and offer referrals), so People to meet
// has real reasons at every demo event. A few asks nobody meets, as in a real room.

export const OFFERS_ASKS: Record<string, { offers: string[]; asks: string[] }> = {
  camillejefferson: {
    offers: [
      'Introductions across the Charlotte business community',
      'Sponsorship packages for our mixers',
      'Speaking slots at our mixers',
    ],
    asks: ['a photographer for event recaps', 'liability insurance for our events', 'a caterer for the gala'],
  },
  jordanlee: {
    offers: ['Buyer representation in Charlotte', 'Realtor referrals'],
    asks: ['a mortgage lender', 'a licensed inspector', 'a listing photographer'],
  },
  mayapatel: {
    offers: ['Mortgage loans for first-time buyers', 'FHA and VA loans'],
    asks: ['realtor referrals', 'a financial planner for my clients'],
  },
  marcusbennett: {
    offers: ['Coaching and mentoring for new agents', 'Desk space for new agents'],
    asks: ['a title attorney', 'a CRM for our brokerage'],
  },
  tashagreene: {
    offers: ['Architecture for restaurants and retail', 'Residential renovation design'],
    asks: ['a general contractor', 'restaurateurs opening a second location'],
  },
  carlosrivera: {
    offers: ['Commercial leasing', 'Office and retail space'],
    asks: ['a commercial lender', 'investors for a retail center'],
  },
  oliviahart: {
    offers: ['Title insurance and closings', 'Contract review for buyers and sellers'],
    asks: ['realtor referrals', 'a bookkeeper'],
  },
  derrickcoleman: {
    offers: ['Investor capital for multifamily deals', 'Mentorship for new investors'],
    asks: ['a general contractor', 'a property manager', 'a tax accountant'],
  },
  priyashah: {
    offers: ['Financial planning', 'Retirement planning for business owners'],
    asks: ['an estate planning attorney', 'a CPA to refer clients to'],
  },
  ethanbrooks: {
    offers: ['Home inspections', 'Radon and mold testing'],
    asks: ['realtor referrals', 'a general contractor for repairs'],
  },
  simonewhitaker: {
    offers: ['Interior design for model homes', 'Kitchen and bath design'],
    asks: ['a home builder', 'a photographer for my portfolio'],
  },
  andremitchell: {
    offers: ['General contracting', 'Restaurant build-outs', 'Kitchen remodels'],
    asks: ['architects for restaurant build-outs', 'a lender for construction loans', 'an accountant'],
  },
  hannahkim: {
    offers: ['Social media marketing', 'Video content for agents'],
    asks: ['speaking slots at events', 'a photographer for brand shoots'],
  },
  brandonortiz: {
    offers: ['Cash offers on rental houses', 'Investor partnerships'],
    asks: ['a property manager for rentals', 'a GC for rehabs', 'a DSCR lender'],
  },
  laurenfields: {
    offers: ['Property management for rentals', 'Tenant screening'],
    asks: ['investor clients', 'a GC for unit turnovers'],
  },
  kevinnguyen: {
    offers: ['CRM setup and automation', 'Software development for brokerages'],
    asks: ['angel investors', 'realtors to try our app'],
  },
  danielleprice: {
    offers: ['Business insurance', 'Event liability insurance'],
    asks: ['realtor referrals', 'a financial advisor'],
  },
  rashadowens: {
    offers: ['Event photography and video', 'Listing photos and video tours', 'Headshots'],
    asks: ['wedding planners', 'realtors who need listing photos'],
  },
  gracesullivan: {
    offers: ['Relocation help for new hires', 'Neighborhood tours'],
    asks: ['a recruiter', 'a realtor in Ballantyne'],
  },
  tylerjensen: {
    offers: ['Mortgage lending', 'Jumbo loans'],
    asks: ['realtor referrals', 'a financial planner'],
  },
  niarobinson: {
    offers: ['Legal counsel for small businesses', 'LLC and partnership agreements'],
    asks: ['an accountant', 'startup founders'],
  },
  samuelokafor: {
    offers: ['Tax preparation for landlords', 'Bookkeeping for small businesses'],
    asks: ['a lawyer for my clients', 'investor clients'],
  },
  rebeccalawson: {
    offers: ['Luxury home sales', 'Marketing for high-end homes'],
    asks: ['a professional stager', 'a listing photographer'],
  },
  victoralvarez: {
    offers: ['Landscape design', 'Outdoor kitchens'],
    asks: ['a pool builder', 'an architect'],
  },
  jasminecarter: {
    offers: ['Wedding and event planning', 'Corporate event production'],
    asks: ['corporate sponsors', 'a photographer for weddings', 'a caterer'],
  },
  michaeltran: {
    offers: ['Commercial lending', 'SBA loans', 'Lines of credit'],
    asks: ['commercial brokers', 'a CPA'],
  },
  aishamahmoud: {
    offers: ['Branding and logo design', 'Brand strategy workshops'],
    asks: ['startup clients', 'a photographer'],
  },
  chrisdalton: {
    offers: ['Home staging', 'Furnishing vacant homes'],
    asks: ['realtor referrals', 'an interior decorator'],
  },
  erinmcallister: {
    offers: ['Executive coaching', 'Leadership workshops'],
    asks: ['speaking slots at events', 'HR leaders'],
  },
  jamalharris: {
    offers: ['Buyer representation in NoDa', 'Condo and townhome sales'],
    asks: ['a mortgage lender', 'a professional stager'],
  },
  sofiarusso: {
    offers: ['Development feasibility studies', 'Cost estimating for new builds'],
    asks: ['a general contractor', 'an architect', 'construction loans'],
  },
};
