// The brand, city, public mailbox and social accounts shown around the site (footer, contact page).
export const site = {
  brand: 'Power Mixer',
  city: 'Charlotte',
  email: 'hello@powermixer.example',
  instagram: 'https://www.instagram.com/powermixerclt',
  facebook: 'https://www.facebook.com/powermixerclt',
  youtube: 'https://www.youtube.com/@powermixerclt',
} as const;
