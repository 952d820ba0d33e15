/**
 * The public feeds the dashboard shows (news and events from the platform's website, videos from its channel), as
 * the aggregator holds them after pulling the feeds: a fixture, since the simulated platform has no website.
 */
export interface FeedItem {
  id: string;
  name: string;
  description: string;
  date_added: string;
  author: string;
  publication_date: string;
  content: string;
  link: string;
  thumbnailUrl: string;
}

const item = (
  id: string,
  name: string,
  author: string,
  published: string,
  link: string,
  thumbnailUrl = "",
): FeedItem => ({
  id,
  name,
  description: `${name}\n${author}\n${new Date(published).toUTCString()}`,
  date_added: published,
  author,
  publication_date: published,
  content: `<p>${name}.</p>`,
  link,
  thumbnailUrl,
});

export const FEEDS: Readonly<Record<"news" | "events" | "videos", readonly FeedItem[]>> = {
  news: [
    item(
      "https://platform.example.org/news/?p=101",
      "Quick launches now open from the dashboard",
      "Platform Team",
      "2026-06-10T15:00:00Z",
      "https://platform.example.org/news/quick-launches-on-the-dashboard/",
    ),
    item(
      "https://platform.example.org/news/?p=97",
      "Scheduled maintenance of the data store",
      "Platform Operations",
      "2026-05-28T09:30:00Z",
      "https://platform.example.org/news/data-store-maintenance/",
    ),
  ],
  events: [
    item(
      "https://platform.example.org/events/?p=55",
      "Workshop: reproducible analyses with containers",
      "Training Team",
      "2026-07-14T16:00:00Z",
      "https://platform.example.org/events/containers-workshop/",
    ),
  ],
  videos: [
    item(
      "yt:video:k3Xq7Lp2Vb8",
      "Launching your first analysis",
      "Platform Channel",
      "2026-04-02T18:00:00Z",
      "https://www.youtube.com/watch?v=k3Xq7Lp2Vb8",
      "https://i.ytimg.com/vi/k3Xq7Lp2Vb8/hqdefault.jpg",
    ),
  ],
};
