import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { TextLink } from '@/components/ui/button-link';
import { FeatureGrid } from '@/features/site/components/feature-grid';
import { PageIntro } from '@/features/site/components/page-intro';
import { PageSection } from '@/features/site/components/page-section';
import { CONTACT_EMAILS, type TContactChannel } from '@/features/site/contact-info';
import { ContactForm } from '@/features/contact/components/contact-form';
import { getContactTexts } from '@/features/contact/server/contact-texts';
import { resolveLocale, type LocaleParams } from '@/features/site/page-locale';
import { buildPageMetadata } from '@/lib/metadata';

export async function generateMetadata({ params }: { params: LocaleParams }): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const t = await getTranslations({ locale, namespace: 'ContactPage' });
  return buildPageMetadata({ locale, path: '/contact', title: t('title'), description: t('description') });
}

function Mailbox({ channel, label }: { channel: TContactChannel; label: string }) {
  return (
    <p className="text-sm text-ink-soft">
      {label}{' '}
      <a href={`mailto:${CONTACT_EMAILS[channel]}`} className="font-medium break-all text-brand-700 underline-offset-4 hover:underline">
        {CONTACT_EMAILS[channel]}
      </a>
    </p>
  );
}

export default async function ContactPage({ params }: { params: LocaleParams }) {
  const locale = await resolveLocale(params);
  const [t, texts] = await Promise.all([getTranslations({ locale, namespace: 'ContactPage' }), getContactTexts(locale)]);

  return (
    <>
      <PageIntro locale={locale} title={t('heading')} lede={t('lede')} />
      <PageSection locale={locale} id="contact-channels" title={t('channelsHeading')}>
        <FeatureGrid
          locale={locale}
          alignRows
          items={[
            {
              key: 'support',
              title: t('channels.support.title'),
              body: t('channels.support.body'),
              extra: (
                <div className="space-y-2">
                  <Mailbox channel="support" label={t('emailLabel')} />
                  <p className="text-sm text-ink-soft">{t('channels.support.hours')}</p>
                  <TextLink href="/guide/support">{t('channels.support.link')}</TextLink>
                </div>
              ),
            },
            {
              key: 'business',
              title: t('channels.business.title'),
              body: t('channels.business.body'),
              extra: <Mailbox channel="business" label={t('emailLabel')} />,
            },
            {
              key: 'ecosystem',
              title: t('channels.ecosystem.title'),
              body: t('channels.ecosystem.body'),
              extra: (
                <div className="space-y-2">
                  <Mailbox channel="ecosystem" label={t('emailLabel')} />
                  <TextLink href="/cloudPc">{t('channels.ecosystem.link')}</TextLink>
                </div>
              ),
            },
          ]}
        />
      </PageSection>
      <PageSection locale={locale} id="contact-write" title={t('form.heading')} intro={t('form.lede')}>
        <ContactForm texts={texts} />
      </PageSection>
      <PageSection locale={locale} id="contact-address" title={t('address.heading')} muted>
        <address className="max-w-xl leading-relaxed text-ink-soft not-italic">
          <span className="block font-semibold text-ink">{t('address.company')}</span>
          <span className="block">{t('address.street')}</span>
          <span className="block">{t('address.city')}</span>
        </address>
        <p className="mt-4 max-w-2xl text-sm leading-relaxed text-ink-muted">{t('address.note')}</p>
      </PageSection>
    </>
  );
}
