import { useDocumentTitle } from '@/ui/use-document-title';

/** A screen whose feature is not built yet: only its spec title. */
export function PlaceholderPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <section className="page">
      <header className="page-header">
        <h1>{title}</h1>
      </header>
    </section>
  );
}
