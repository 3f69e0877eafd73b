import { Parser } from 'htmlparser2';

/** The markup a stored note may hold: what the editor makes, nothing that runs or loads. */
const allowedTags = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'blockquote',
  'strong',
  'b',
  'em',
  'i',
  'u',
  's',
  'strike',
  'del',
  'span',
  'br',
  'ol',
  'ul',
  'li',
  'a',
  'img',
  'div',
]);
const allowedAttributes: Record<string, Set<string>> = {
  '*': new Set(['style']),
  a: new Set(['href', 'title', 'target', 'rel']),
  img: new Set(['src', 'alt', 'title', 'width', 'height']),
};
const allowedStyle = /^(color|background-color|text-align|margin-left|padding-left)$/;

/** Everything in stored rich text that could run script or load from another origin. */
export function unsafeMarkup(html: string): string[] {
  const problems: string[] = [];
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!allowedTags.has(name)) problems.push(`<${name}>`);
        for (const [attribute, raw] of Object.entries(attributes)) {
          const allowed =
            allowedAttributes['*']!.has(attribute) || allowedAttributes[name]?.has(attribute);
          if (!allowed) problems.push(`${name}[${attribute}]`);
          // eslint-disable-next-line no-control-regex
          const value = raw.replace(/[\u0000-\u0020]/g, '').toLowerCase();
          // A relative URL stays on this origin; any scheme must be one that cannot run.
          const scheme = /^[a-z][a-z0-9+.-]*:/.test(value) || value.startsWith('//');
          if (attribute === 'href' && scheme && !/^(https?:|mailto:)/.test(value))
            problems.push(`href=${raw}`);
          if (
            attribute === 'src' &&
            scheme &&
            !/^(https?:|data:image\/(png|jpe?g|gif|webp)[;,])/.test(value)
          )
            problems.push(`src=${raw}`);
          if (attribute === 'style') {
            for (const declaration of raw.split(';').filter((d) => d.trim())) {
              const [property = '', ...rest] = declaration.split(':');
              if (
                !allowedStyle.test(property.trim().toLowerCase()) ||
                /url\(|expression|javascript/i.test(rest.join(':'))
              ) {
                problems.push(`style=${raw}`);
              }
            }
          }
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return problems;
}
