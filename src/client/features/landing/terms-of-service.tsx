import { LEGAL } from "./legal-constants";
import { LegalDocument, LegalSection } from "./legal-document";

/** The Terms of Service text (fixed; "Last updated" is today's date). */
export function TermsOfService() {
  return (
    <LegalDocument
      title="Terms of Service"
      intro="These terms govern your use of Draftsmith, an AI-assisted writing service operated by a limited liability company (“we”, “us”). By creating an account or using the service you agree to them."
    >
      <LegalSection id="t-eligibility" title="1. Eligibility and accounts">
        <p>
          You must be at least {LEGAL.minimumAge} years old to use Draftsmith. You are responsible for the accuracy of your
          account details, for keeping your password confidential and for all activity under your account. Tell us at once
          if you suspect unauthorised access.
        </p>
      </LegalSection>

      <LegalSection id="t-plans" title="2. Plans and limits">
        <ul>
          <li>
            <strong>Gratis</strong> is free and limited to {LEGAL.freeDocuments} documents, with basic formatting,
            auto-save and export.
          </li>
          <li>
            <strong>Creator</strong> adds up to 500 documents, AI assistance and 50,000 AI tokens per month.
          </li>
          <li>
            <strong>Professional</strong> adds unlimited documents, advanced AI assistants, 100,000 AI tokens per month and
            priority support.
          </li>
        </ul>
        <p>AI token allowances reset each calendar month and unused tokens do not carry over.</p>
      </LegalSection>

      <LegalSection id="t-billing" title="3. Billing, renewal and refunds">
        <p>
          Paid plans are billed in advance, monthly or annually, through our card payment provider, and renew automatically
          at the end of each billing period until cancelled. You can cancel at any time from the billing portal; your plan
          stays active until the end of the period already paid. New paid subscriptions come with a{" "}
          {LEGAL.moneyBackDays}-day money-back guarantee: ask within {LEGAL.moneyBackDays} days of your first payment for a
          full refund. Prices exclude taxes where these apply.
        </p>
      </LegalSection>

      <LegalSection id="t-prices" title="4. Price changes">
        <p>
          We may change our prices. We will give you at least {LEGAL.noticeDays} days notice by email before a price change
          applies to your subscription, and the new price takes effect at your next renewal after that notice. If you do not
          agree, you can cancel before it applies.
        </p>
      </LegalSection>

      <LegalSection id="t-content" title="5. Your content">
        <p>
          You own what you write. You give us only the permission needed to store, process, display and transmit your
          content to provide the service, including sending selected text to our AI provider when you ask for AI help. When
          you share a document publicly, anyone with the link can view it (and edit it, if you allow editing). AI
          suggestions may be inaccurate; review them before relying on them.
        </p>
      </LegalSection>

      <LegalSection id="t-use" title="6. Acceptable use">
        <ul>
          <li>Do not break the law, infringe others' rights, or publish content that is abusive or harmful.</li>
          <li>Do not try to gain access to other accounts or disrupt or overload the service.</li>
          <li>Do not resell the service or use automated means to get around plan limits.</li>
        </ul>
        <p>We may suspend accounts that break these rules, with notice where the law and safety allow.</p>
      </LegalSection>

      <LegalSection id="t-availability" title="7. Availability">
        <p>
          We aim for {LEGAL.uptimeAim} uptime, measured monthly, excluding scheduled maintenance that we announce in
          advance. The current state of the service is shown on our status page. The service is otherwise provided “as is”.
        </p>
      </LegalSection>

      <LegalSection id="t-termination" title="8. Termination and deletion">
        <p>
          You can stop using Draftsmith and delete your account at any time from Account Settings; deleting your account
          ends any subscription. Your data is removed within {LEGAL.deletionDays} days of account deletion, as described in
          our Privacy Policy. Export anything you want to keep first.
        </p>
      </LegalSection>

      <LegalSection id="t-liability" title="9. Limitation of liability">
        <p>
          To the extent the law allows, we are not liable for indirect or consequential losses, and our total liability for
          any claim is limited to the amount you paid us in the twelve months before it arose. Nothing in these terms limits
          liability that cannot be limited by law.
        </p>
      </LegalSection>

      <LegalSection id="t-changes" title="10. Changes to these terms">
        <p>
          We will give you at least {LEGAL.noticeDays} days notice by email before changes to these terms take effect.
          Continuing to use Draftsmith after that date means you accept the updated terms; if you do not, you may cancel and
          delete your account.
        </p>
      </LegalSection>

      <LegalSection id="t-contact" title="11. Contact">
        <p>
          Questions about these terms:{" "}
          <a className="font-medium underline underline-offset-4" href={`mailto:${LEGAL.contactEmail}`}>
            {LEGAL.contactEmail}
          </a>
          .
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
