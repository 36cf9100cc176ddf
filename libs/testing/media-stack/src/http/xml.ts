// A small XML serializer for Plex's default answers: scalar fields become attributes, arrays of
// objects become child elements, exactly the shape Plex's XML has next to its JSON.

/** Chooses the element name of an array entry: Plex writes JSON `Metadata` as `<Video>` or `<Directory>`. */
export type XmlTagNamer = (arrayKey: string, entry: Record<string, unknown>) => string;

const defaultTagNamer: XmlTagNamer = (arrayKey) => arrayKey;

export function escapeXmlAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\r/g, '&#13;')
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;');
}

export function toXml(
  rootName: string,
  root: Record<string, unknown>,
  tagNamer: XmlTagNamer = defaultTagNamer,
): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${element(rootName, root, tagNamer)}\n`;
}

function element(name: string, fields: Record<string, unknown>, tagNamer: XmlTagNamer): string {
  const attributes: string[] = [];
  const children: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const entry of value) {
        if (isRecord(entry)) children.push(element(tagNamer(key, entry), entry, tagNamer));
      }
    } else if (isRecord(value)) {
      children.push(element(key, value, tagNamer));
    } else {
      attributes.push(` ${key}="${escapeXmlAttribute(attributeText(value))}"`);
    }
  }
  const open = `<${name}${attributes.join('')}`;
  return children.length === 0 ? `${open} />` : `${open}>${children.join('')}</${name}>`;
}

/** Plex writes booleans as 1 and 0 in XML. */
function attributeText(value: unknown): string {
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
