import type { EntryInput, EntryRow } from '../../lib/entry-api.ts';

export type Banner = EntryRow<'banners'>;
export type BannerInput = EntryInput<'banners'>;

// The document's answer says string for `type` and `execution`, where what is saved names the values.
export type Announcement = EntryRow<'announcements'> &
  Pick<AnnouncementInput, 'type' | 'execution'> & {
    audience: NonNullable<AnnouncementInput['audience']>;
  };
export type AnnouncementInput = EntryInput<'announcements'>;

export type HelpCategory = EntryRow<'help-categories'>;
export type HelpCategoryInput = EntryInput<'help-categories'>;

export type HelpArticle = EntryRow<'help-articles'>;
export type HelpArticleInput = EntryInput<'help-articles'>;
