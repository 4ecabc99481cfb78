// What the two spoken demo episodes say, line by line. scripts/demo-audio.ts speaks each line
// (espeak-ng, offline), joins them with a pause and writes the MP3 and its timed transcript
// beside this file; the seed stores both. Change a line here, run that script again.

export interface EpisodeLine {
  speaker: string;
  /** espeak-ng's voice variant, so host and guests sound apart. */
  voice: string;
  text: string;
}

const camille = (text: string): EpisodeLine => ({ speaker: 'Camille', voice: 'en-us+f3', text });

export const EPISODE_SCRIPTS: Record<string, EpisodeLine[]> = {
  'referral-machine': [
    camille(
      'Welcome to the Power Mixer Podcast, where Charlotte professionals share what actually works. I am Camille, and today I am joined by Rebecca Lawson and Jordan Lee.',
    ),
    {
      speaker: 'Rebecca',
      voice: 'en-us+f4',
      text: 'Thanks for having us, Camille. It is good to be back in the studio.',
    },
    { speaker: 'Jordan', voice: 'en-us+m3', text: 'Glad to be here. I have been looking forward to this one.' },
    camille('Rebecca, more than half of your business last year came from referrals. Where does that start?'),
    {
      speaker: 'Rebecca',
      voice: 'en-us+f4',
      text: 'It starts the day after closing. I call every client within a week, again at thirty days, and again on the anniversary of the purchase. Five touches in the first year, and not one of them asks for anything.',
    },
    camille('Jordan, you lean on partners more than past clients.'),
    {
      speaker: 'Jordan',
      voice: 'en-us+m3',
      text: 'Lenders are my best referral partners. We meet once a month over coffee, we trade the names of buyers who are not ready yet, and we follow up together.',
    },
    camille('And the client appreciation events?'),
    {
      speaker: 'Rebecca',
      voice: 'en-us+f4',
      text: 'Keep them small. A pie pickup before Thanksgiving brings more people than a gala ever did.',
    },
    camille('That is a good place to stop. Thank you both, and thank you for listening. See you at the next mixer.'),
  ],
  'south-end-closing': [
    camille(
      'Welcome to the Power Mixer Podcast. This week we follow one commercial deal, a retail space in South End, from the letter of intent to the closing table. With me are Carlos Rivera, Michael Tran and Olivia Hart.',
    ),
    camille('Carlos, you brought the buyer. What made this letter of intent work?'),
    {
      speaker: 'Carlos',
      voice: 'en-us+m1',
      text: 'We kept it short. Price, deposit, a forty five day due diligence period, and a clear list of what the seller had to hand over in the first week.',
    },
    camille('Michael, what did the lender worry about?'),
    {
      speaker: 'Michael',
      voice: 'en-us+m3',
      text: 'The tenant mix. Two of the four leases ended within eighteen months, so we asked for estoppel letters early and priced the loan on the leases that were signed.',
    },
    camille('Olivia, where did it nearly fall apart?'),
    {
      speaker: 'Olivia',
      voice: 'en-us+f2',
      text: 'The appraisal came in low, by about six percent. We renegotiated the price by half of that, and the seller agreed to a credit for the roof.',
    },
    camille('What would you tell someone doing their first commercial deal?'),
    {
      speaker: 'Carlos',
      voice: 'en-us+m1',
      text: 'Read the leases before you fall in love with the building.',
    },
    camille('Thank you all. The show notes have our due diligence checklist. See you at the next mixer.'),
  ],
};
