import { BookOpen, GraduationCap, type LucideIcon, Newspaper } from 'lucide-react';
import type { ArticleKind } from '../api/articles';

/** Each kind's mark in the menu, the footer and its pages. */
export const ARTICLE_ICONS: Record<ArticleKind, LucideIcon> = {
  news: Newspaper,
  blog: BookOpen,
  guide: GraduationCap,
};
