/**
 * Demo blog: about 30 posts across the network (the platform's to everyone, the franchiser's and
 * franchisees' to their own networks, a few including shops), most published, some drafts, archived
 * and scheduled ones, two sticky; with comments and small attachments (a PDF, a PNG, a CSV).
 */
import { oneRow } from '../core/sql';
import { nth } from '../core/random';
import { BLOG_STATUS } from '../../lib/contract/lookups-groups';
import { plainText } from '../../lib/rich-text';
import type { Db } from '../core/db';

const TOPICS: readonly { title: string; type: number; tags: string; body: string }[] = [
  {
    title: 'New calibration targets for Toyota Safety Sense 3.0',
    type: 5,
    tags: 'Toyota, front camera, targets',
    body: '<p>Toyota has updated the target board dimensions for <strong>TSS 3.0</strong> front cameras. Order the new boards before your next static calibration.</p><ul><li>Board size: 1,000 × 600 mm</li><li>Distance: 1.5 m from the emblem</li></ul>',
  },
  {
    title: 'Reminder: record the pre-scan before every calibration',
    type: 2,
    tags: 'process, scans',
    body: '<p>Insurers now reject invoices without a <em>pre-scan</em> report. Attach it to the inspection before you start.</p>',
  },
  {
    title: 'Release notes: faster ADAS job list',
    type: 4,
    tags: 'release',
    body: '<p>The ADAS list now opens in under a second for large locations, and remembers your filters.</p>',
  },
  {
    title: 'Windshield replacements and lane-keep cameras',
    type: 3,
    tags: 'windshield, lane keep, training',
    body: '<h3>Why it matters</h3><p>Almost every windshield replacement on a 2018+ vehicle requires a camera calibration. Check the OEM position statement.</p>',
  },
  {
    title: 'Honda radar calibrations: dynamic drive requirements',
    type: 5,
    tags: 'Honda, radar, dynamic',
    body: '<p>Dynamic radar calibration needs a <strong>straight road at 20–60 mph</strong> for about 10 minutes with clear lane markings.</p>',
  },
  {
    title: 'Holiday hours for the support desk',
    type: 2,
    tags: 'support',
    body: '<p>The support desk closes at 2 pm on December 24 and reopens January 2.</p>',
  },
  {
    title: 'Training webinar: blind spot radar alignment',
    type: 3,
    tags: 'training, blind spot',
    body: '<p>Join our 45-minute session on rear corner radar alignment. Register with your location code.</p>',
  },
  {
    title: 'Ford BlueCruise vehicles: what to check',
    type: 5,
    tags: 'Ford, BlueCruise',
    body: '<ol><li>Driver-monitoring camera</li><li>Front radar</li><li>Forward camera</li></ol><p>All three may need calibration after a front-end repair.</p>',
  },
  {
    title: 'Insurer program update: agreed calibration prices',
    type: 1,
    tags: 'insurance, pricing',
    body: '<p>Agreed prices for three insurers were updated this month. See Administration → Insurance for the details.</p>',
  },
  {
    title: 'Safety first in the calibration bay',
    type: 3,
    tags: 'safety',
    body: '<p>Keep the floor level within 3 mm over the target area and use the wheel chocks every time.</p>',
  },
];

const COMMENTS = [
  'Thanks, we ordered the new boards today.',
  'Does this also apply to the 2023 models?',
  'Our techs found the webinar very useful.',
  'Please add the OEM link to the inspection template.',
  'Confirmed with the insurer: the pre-scan must be attached.',
];

/** The smallest valid files of each kind, for the demo attachments. */
const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const CSV = Buffer.from('make,model,year,calibration\nToyota,RAV4,2022,Front camera - static\nHonda,CR-V,2021,Front radar - static\n');

const FIRMS = [1, 1, 1, 2, 2, 3, 4, 5, 1, 3];
const AUTHORS = [1, 2, 3, 7, 9, 12];

export function seedBlog(db: Db): void {
  const author = db.prepare<unknown[], { user: number; file_as: string }>(
    'SELECT u.user, c.file_as FROM user u JOIN contact c ON c.contact = u.contact WHERE u.user = ?',
  );
  const insertBlog = db.prepare(
    `INSERT INTO blog (firm, blog_name, blog_type, blog_status, created_by_user, created_by, created_on, content, content_text, blog_tags,
       scheduled_on, is_sticky, sort, is_allow_comments, is_include_shop)
     VALUES (@firm, @name, @type, @status, @user, @author, @createdOn, @content, @text, @tags, @scheduledOn, @sticky, 0, @comments, @shop)`,
  );
  const insertComment = db.prepare(
    'INSERT INTO blog_comment (blog, created_by_user, created_by, created_on, content) VALUES (?, ?, ?, ?, ?)',
  );
  const insertAttachment = db.prepare(
    'INSERT INTO blog_attachment (blog, blog_comment, file_name, content_type, size, data, created_by, created_on) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const now = Date.now();
  const day = 86_400_000;
  db.transaction(() => {
    for (let i = 0; i < 30; i++) {
      const topic = nth(TOPICS, i);
      const who = oneRow(author.get(AUTHORS[i % AUTHORS.length]));
      const created = now - (60 - i * 2) * day;
      const status = i % 11 === 4 ? BLOG_STATUS.draft : i % 13 === 7 ? BLOG_STATUS.archived : BLOG_STATUS.published;
      // Two posts scheduled for the coming days; the rest appeared when they were written.
      const scheduled = i === 27 || i === 28 ? now + (i - 25) * day : created;
      const round = Math.floor(i / TOPICS.length);
      const id = Number(
        insertBlog.run({
          firm: FIRMS[i % FIRMS.length],
          name: round ? `${topic.title} (${['', 'update', 'follow-up'][round]})` : topic.title,
          type: topic.type,
          status,
          user: who.user,
          author: who.file_as,
          createdOn: new Date(created).toISOString(),
          content: topic.body,
          text: plainText(topic.body),
          tags: topic.tags,
          scheduledOn: new Date(scheduled).toISOString(),
          sticky: i === 29 || i === 25 ? 1 : 0,
          comments: i % 3 === 0 ? 0 : 1,
          shop: i % 4 === 0 || i === 29 ? 1 : 0,
        }).lastInsertRowid,
      );
      if (i % 3 !== 0) {
        for (let k = 0; k < (i % 4) + 1; k++) {
          const commenter = oneRow(author.get(AUTHORS[(i + k + 1) % AUTHORS.length]));
          insertComment.run(
            id,
            commenter.user,
            commenter.file_as,
            new Date(created + (k + 1) * 3_600_000).toISOString(),
            COMMENTS[(i + k) % COMMENTS.length],
          );
        }
      }
      const at = new Date(created + 60_000).toISOString();
      if (i % 5 === 0) insertAttachment.run(id, null, 'procedure.pdf', 'application/pdf', PDF.byteLength, PDF, who.file_as, at);
      if (i % 5 === 1) insertAttachment.run(id, null, 'target-position.png', 'image/png', PNG_1PX.byteLength, PNG_1PX, who.file_as, at);
      if (i % 7 === 2)
        insertAttachment.run(id, null, 'affected-vehicles.csv', 'text/csv; charset=utf-8', CSV.byteLength, CSV, who.file_as, at);
    }
  })();
}
