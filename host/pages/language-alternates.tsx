/**
 * The home page in each language, named by both: every version lists every version
 * (itself included, as search engines ask), and `x-default` says which one a visitor
 * whose language is neither gets: the Chinese one.
 */
export function LanguageAlternates({ origin }: { origin: string }) {
  return (
    <>
      <link rel="alternate" hrefLang="zh-CN" href={`${origin}/`} />
      <link rel="alternate" hrefLang="en" href={`${origin}/en`} />
      <link rel="alternate" hrefLang="x-default" href={`${origin}/`} />
    </>
  );
}
