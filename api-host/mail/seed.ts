/** Demo mails: a few weeks of what the product sends (resets, reports, welcome mails), so the email log has history. */
import type { Db } from '../core/db';
import { sendMail } from './outbox';

export function seedMail(db: Db): void {
  const day = 86_400_000;
  const mails = [
    {
      to: 'role3@example.com',
      firm: 2,
      subject: 'Reset your password',
      body: 'Someone asked to reset the password of role3@example.com.\n\nThis demo mail was sent before the link it carried expired.',
      days: 21,
    },
    {
      to: 'claims@libertyauto.example',
      firm: 6,
      subject: 'Calibration report RO 24-1187 (2022 Toyota RAV4)',
      body: 'Please find attached the calibration report for RO 24-1187.',
      days: 14,
      attachments: [{ fileName: 'calibration-report-24-1187.pdf', contentType: 'application/pdf', content: new Uint8Array(182_344) }],
    },
    {
      to: 'owner@queensautobody.example',
      firm: 7,
      subject: 'Welcome to ADAS Desk',
      body: 'Your location Queens Auto Body is set up. Choose your password with the link in this mail.',
      days: 9,
    },
    {
      to: 'claims@statewide.example',
      firm: 9,
      subject: 'Calibration report RO 7731 (2021 Honda CR-V)',
      body: 'Please find attached the calibration report for RO 7731.',
      days: 3,
      attachments: [
        { fileName: 'calibration-report-7731.pdf', contentType: 'application/pdf', content: new Uint8Array(164_002) },
        { fileName: 'scan-before.png', contentType: 'image/png', content: new Uint8Array(48_113) },
      ],
    },
  ];
  const setSent = db.prepare('UPDATE mail SET sent_at = ? WHERE mail = ?');
  for (const m of mails) {
    const id = sendMail(db, m);
    setSent.run(new Date(Date.now() - m.days * day).toISOString(), id);
  }
}
