import { LEGAL } from "./legal-constants";
import { LegalDocument, LegalSection } from "./legal-document";

/** The Privacy Policy text (fixed; "Last updated" is today's date). */
export function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="This policy explains what personal data Draftsmith collects, why, how long it is kept, and the choices you have. Draftsmith is operated by a limited liability company (“we”, “us”)."
    >
      <LegalSection id="p-collect" title="1. Information we collect">
        <ul>
          <li>
            <strong>Account data:</strong> your full name, email address and a password, which we store only as a salted
            one-way hash.
          </li>
          <li>
            <strong>Your content:</strong> the documents you write, their titles, sharing settings and version history
            needed to save your work.
          </li>
          <li>
            <strong>Preferences:</strong> theme, editor font and size, auto-save and notification choices.
          </li>
          <li>
            <strong>Billing data:</strong> your plan, billing period and subscription status. Card details are entered on
            our payment provider's pages and never reach our servers.
          </li>
          <li>
            <strong>Usage and technical data:</strong> sign-in times, the number of AI tokens used each month, IP address,
            browser type and error logs, used to run, secure and improve the service.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="p-use" title="2. How we use your information">
        <ul>
          <li>To provide the service: store and sync your documents, apply your preferences and enforce plan limits.</li>
          <li>To process AI requests you make: the selected text is sent to our AI provider solely to produce your result.</li>
          <li>To bill you for paid plans and to send receipts and service messages.</li>
          <li>To keep accounts secure: detect abuse, rate-limit requests and send security alerts.</li>
          <li>To send product updates and marketing emails only when your notification settings allow it.</li>
        </ul>
        <p>We do not sell your personal data and we do not use your documents to train AI models.</p>
      </LegalSection>

      <LegalSection id="p-share" title="3. When we share information">
        <p>
          We share data only with service providers that help us run Draftsmith (hosting, email delivery, payment
          processing and AI processing), under contracts that limit their use of it to providing those services. We may
          disclose information when the law requires it or to protect the rights and safety of our users. Documents you
          make public through a share link can be read by anyone who has the link.
        </p>
      </LegalSection>

      <LegalSection id="p-retention" title="4. Retention and deletion">
        <p>
          We keep your data for as long as your account exists. You can delete your account at any time from Account
          Settings. When you do, your documents, share links, settings and sessions are removed, and all of your personal
          data is removed from our systems within {LEGAL.deletionDays} days of account deletion, including from backups.
          We may keep billing records for the period tax law requires.
        </p>
      </LegalSection>

      <LegalSection id="p-security" title="5. Security">
        <p>
          Data is encrypted in transit with TLS. Passwords are hashed, sessions can be revoked, and access to production
          systems is limited to staff who need it. No system is perfectly secure; if a breach affects your data we will
          notify you without undue delay.
        </p>
      </LegalSection>

      <LegalSection id="p-rights" title="6. Your rights and choices">
        <ul>
          <li>Access and correct your profile in Account Settings.</li>
          <li>Export your documents as Markdown, HTML, text or PDF at any time.</li>
          <li>Turn marketing emails and product updates off in your notification settings.</li>
          <li>Delete your account and data, or ask us for a copy of the personal data we hold about you.</li>
        </ul>
        <p>
          Depending on where you live you may have further rights, such as objecting to processing or lodging a complaint
          with your data protection authority.
        </p>
      </LegalSection>

      <LegalSection id="p-cookies" title="7. Cookies and local storage">
        <p>
          Draftsmith uses your browser's local storage to keep you signed in, remember your theme and hold a plan you chose
          before signing up for up to 10 minutes. We do not use advertising or third-party tracking cookies.
        </p>
      </LegalSection>

      <LegalSection id="p-children" title="8. Children">
        <p>
          Draftsmith is not intended for children. You must be at least {LEGAL.minimumAge} years old to create an account,
          and we do not knowingly collect data from children under {LEGAL.minimumAge}. If you believe a child has given us
          personal data, contact us and we will delete it.
        </p>
      </LegalSection>

      <LegalSection id="p-changes" title="9. Changes to this policy">
        <p>
          We will give you at least {LEGAL.noticeDays} days notice by email and in the app before a material change to this
          policy takes effect. The date at the top shows when it was last updated.
        </p>
      </LegalSection>

      <LegalSection id="p-contact" title="10. Contact">
        <p>
          Questions or requests about your privacy:{" "}
          <a className="font-medium underline underline-offset-4" href={`mailto:${LEGAL.privacyEmail}`}>
            {LEGAL.privacyEmail}
          </a>
          .
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
