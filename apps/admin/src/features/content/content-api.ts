import type { LocalizedValue } from '../../components/editor-fields.tsx';

export type Banner = {
  id: string;
  merchantId: string;
  groupName: 'w_home' | 'w_login' | 'w_register' | 'w_license' | 'w_leftmenu';
  title: LocalizedValue;
  imageUrl: string;
  linkType: 'NONE' | 'URL' | 'ROUTE' | 'PROMOTION' | 'GAME';
  linkTarget: string | null;
  sortOrder: number;
  enabled: boolean;
  startsAt: string | null;
  endsAt: string | null;
};
export type BannerInput = Omit<Banner, 'id' | 'merchantId'>;

export type Announcement = {
  id: string;
  merchantId: string;
  type: 'B' | 'PL' | 'PU' | 'PR' | 'H';
  execution: 'A' | 'B' | 'F' | null;
  promotionType: string | null;
  title: LocalizedValue;
  content: LocalizedValue;
  published: boolean;
  sortOrder: number;
  startsAt: string | null;
  endsAt: string | null;
};
export type AnnouncementInput = Omit<Announcement, 'id' | 'merchantId'>;

export type HelpCategory = {
  id: string;
  merchantId: string;
  device: 'WEB';
  anchor: string;
  title: LocalizedValue;
  sortOrder: number;
};
export type HelpCategoryInput = Omit<HelpCategory, 'id' | 'merchantId'>;

export type HelpArticle = {
  id: string;
  merchantId: string;
  categoryId: string;
  anchor: string;
  title: LocalizedValue;
  content: LocalizedValue;
  sortOrder: number;
};
export type HelpArticleInput = Omit<HelpArticle, 'id' | 'merchantId'>;
