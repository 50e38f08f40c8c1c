'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { adminApi } from '@/features/admin/shell/admin-api';
import { useAction } from '@/lib/use-action';

// Markdown as the public pages render it: the API's POST /admin/content/preview uses their
// renderer (raw HTML escaped), so what staff see here is what visitors will see.

export function MarkdownPreview({ markdown, lang }: { markdown: string; lang: string }) {
  const t = useTranslations('AdminEditor');
  const [html, setHtml] = useState<string | null>(null);
  const { busy, run } = useAction();

  async function show() {
    // toasted
    await run(async () => {
      setHtml((await adminApi.post<{ html: string }>('/content/preview', { body: { markdown } })).html);
    });
  }

  return (
    <div>
      <Button size="sm" variant="secondary" disabled={busy} onClick={() => void show()}>
        {t('preview')}
      </Button>
      {html !== null ? (
        <div
          className="prose mt-3 max-w-none rounded-card border border-line p-4"
          data-testid="content-preview"
          lang={lang}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : null}
    </div>
  );
}
