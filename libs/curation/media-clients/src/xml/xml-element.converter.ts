// Turns an attribute-only XML element into a plain object a zod schema can check: attributes as
// string fields, child elements grouped by name into arrays, the element's own name under `#tag`
// (not a valid XML name, so no attribute can collide with it). An attribute and a child element
// with the same name are an error rather than one silently hiding the other.
import type { XmlElement } from './attribute-xml.reader';

export type XmlRecord = { readonly [field: string]: string | readonly XmlRecord[] };

export function xmlElementToRecord(element: XmlElement): XmlRecord {
  const record: Record<string, string | XmlRecord[]> = { ...element.attributes, '#tag': element.name };
  for (const child of element.children) {
    const existing = record[child.name];
    if (typeof existing === 'string') {
      throw new Error(`<${element.name}> has both an attribute and a child element named ${child.name}`);
    }
    const list = existing ?? [];
    list.push(xmlElementToRecord(child));
    record[child.name] = list;
  }
  return record;
}
