export interface BlogPost {
  slug: string;
  path: string;
  title: string;
  excerpt: string;
  published: string;
  publishedLabel: string;
  readingTime: string;
  tags: string[];
}

/** The one published post (spec §2 Blogs). */
export const POSTS: readonly BlogPost[] = [
  {
    slug: 'insights-and-analysis',
    path: '/Insights-and-Analysis',
    title: 'Using Sports Stats and Fantasy Insights to Make Smarter Football Picks',
    excerpt:
      'Form, head-to-head records, minutes played and set-piece duty: how to read the numbers behind every fixture and turn them into better fantasy teams and better-informed predictions.',
    published: '2025-09-18',
    publishedLabel: 'September 18, 2025',
    readingTime: '6 min read',
    tags: ['Fantasy Football', 'Statistics', 'Match Analysis', 'Dream11'],
  },
];
