/**
 * A strict reader for the XML the site writes (tests only): an optional declaration and one root
 * element of elements, attributes and text. Anything not well-formed — a stray `&` or `<`, an
 * unknown entity, mismatched tags, a second root — throws.
 */

export type XmlElement = { name: string; attributes: Record<string, string>; children: XmlElement[]; text: string };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = '[A-Za-z_][\\w.:-]*';
const TOKEN = new RegExp(
  `<\\?xml\\s[^?]*\\?>|<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>|</(${NAME})\\s*>|([^<]+)|(<)`,
  'gy',
);
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g');

function decode(text: string): string {
  return text.replace(/&([^;&\s]*);?/g, (whole, entity: string) => {
    if (!whole.endsWith(';')) throw new Error(`a bare & in "${text}"`);
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    const value = ENTITIES[entity];
    if (value === undefined) throw new Error(`unknown entity &${entity};`);
    return value;
  });
}

export function parseXml(source: string): XmlElement {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < source.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(source);
    if (!match) throw new Error(`unreadable XML at ${at}`);
    const [whole, open, attributeText = '', selfClosing, close, text, strayLt] = match;
    if (strayLt) throw new Error(`a stray < at ${at}`);
    if (whole.startsWith('<?xml')) {
      if (at !== 0) throw new Error('the XML declaration must come first');
      continue;
    }
    const parent = stack.at(-1);
    if (text !== undefined) {
      if (parent) parent.text += decode(text);
      else if (text.trim()) throw new Error(`text outside the root element at ${at}`);
      continue;
    }
    if (open) {
      if (!parent && root) throw new Error('a second root element');
      const attributes: Record<string, string> = {};
      for (const [, name = '', double, single] of attributeText.matchAll(ATTRIBUTE)) {
        attributes[name] = decode(double ?? single ?? '');
      }
      const element: XmlElement = { name: open, attributes, children: [], text: '' };
      if (parent) parent.children.push(element);
      else root = element;
      if (!selfClosing) stack.push(element);
      continue;
    }
    if (close) {
      const current = stack.pop();
      if (current?.name !== close) throw new Error(`</${close}> closes <${current?.name ?? 'nothing'}>`);
    }
  }
  if (stack.length) throw new Error(`<${stack.at(-1)?.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** The text of every element named `name`, in document order. */
export function textOf(root: XmlElement, name: string): string[] {
  const found: string[] = [];
  const visit = (element: XmlElement) => {
    if (element.name === name) found.push(element.text);
    element.children.forEach(visit);
  };
  visit(root);
  return found;
}
