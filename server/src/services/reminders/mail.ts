import nodemailer from 'nodemailer';

export interface ReminderMail {
  to: string;
  title: string;
  text: string;
  link: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Sends reminder emails through `smtpUrl` (smtp:// or smtps://), from `from`. */
export function reminderMailer(smtpUrl: string, from: string) {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    /** Subject the note's title (or "Reminder"); a plain-text and an HTML part, both with the link. */
    async send(mail: ReminderMail): Promise<void> {
      const subject = mail.title.trim() || 'Reminder';
      const excerpt = mail.text.trim().slice(0, 500);
      const text = [
        `Reminder: ${subject}`,
        ...(excerpt ? ['', excerpt] : []),
        '',
        `Open the note: ${mail.link}`,
      ].join('\n');
      const html = [
        '<!doctype html><html><body>',
        `<p><strong>Reminder: ${escapeHtml(subject)}</strong></p>`,
        ...(excerpt ? [`<p style="white-space:pre-wrap">${escapeHtml(excerpt)}</p>`] : []),
        `<p><a href="${escapeHtml(mail.link)}">Open the note</a></p>`,
        '</body></html>',
      ].join('\n');
      await transport.sendMail({
        from,
        to: mail.to,
        subject: subject.replace(/[\r\n]+/g, ' '),
        text,
        html,
      });
    },
    close: () => transport.close(),
  };
}

export type ReminderMailer = ReturnType<typeof reminderMailer>;
