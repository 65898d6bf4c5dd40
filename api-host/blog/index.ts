/** The blog: posts with rich-text content, comments and attachments, and Home's published posts. */
import type { Area } from '../core/area';
import { blogCalls } from './calls';
import { BLOG_SCHEMA } from './schema';
import { seedBlog } from './seed';

export const blog: Area = { name: 'blog', migrations: [BLOG_SCHEMA], calls: blogCalls, seed: seedBlog };
