// The strict attribute-XML reader on plex.tv's shape and on hostile input: anything it cannot read
// exactly is an error, never a partial tree.
import fc from 'fast-check';
import { readAttributeXml, XmlReadError } from './attribute-xml.reader';
import { xmlElementToRecord } from './xml-element.converter';

const FRIENDS = `<?xml version="1.0" encoding="UTF-8"?>
<MediaContainer friendlyName="myPlex" machineIdentifier="abc" totalSize="2" size="2">
  <User id="22526914" title="alice &amp; bob" username="alice" email="alice@example.com" home="0" restricted="0">
    <Server id="1" serverId="9" machineIdentifier="abc" name="Home &quot;Server&quot;" owned="1" allLibraries="1" pending="0"/>
  </User>
  <User id="33000001" title='Kid &#233;&#x1F600;' username="" email="" home="1" restricted="1" />
</MediaContainer>
`;

describe('readAttributeXml', () => {
  it("reads plex.tv's friends list with entities decoded", () => {
    const root = readAttributeXml(FRIENDS);
    expect(root.name).toBe('MediaContainer');
    expect(root.attributes['totalSize']).toBe('2');
    expect(root.children.map((child) => child.attributes['title'])).toEqual(['alice & bob', 'Kid é😀']);
    expect(root.children[0]?.children[0]?.attributes['name']).toBe('Home "Server"');
    expect(root.children[1]?.children).toEqual([]);
  });

  it('turns elements into records for the schemas, children grouped by name', () => {
    const record = xmlElementToRecord(readAttributeXml(FRIENDS));
    expect(record['#tag']).toBe('MediaContainer');
    expect(record['User']).toHaveLength(2);
  });

  it.each([
    ['an unclosed root', '<MediaContainer size="1">'],
    ['an unclosed child', '<MediaContainer><User id="1"></MediaContainer>'],
    ['a mismatched closing tag', '<A><B></C></A>'],
    ['text content', '<A>hello</A>'],
    ['a comment', '<A><!-- x --></A>'],
    ['CDATA', '<A><![CDATA[x]]></A>'],
    ['a DOCTYPE with an entity definition', '<!DOCTYPE A [<!ENTITY x "y">]><A b="&x;"/>'],
    ['an unknown entity', '<A b="&nbsp;"/>'],
    ['a bare ampersand', '<A b="fish & chips"/>'],
    ['a reference to a non-character', '<A b="&#0;"/>'],
    ['a reference beyond Unicode', '<A b="&#x110000;"/>'],
    ['an unquoted attribute', '<A b=1/>'],
    ['a repeated attribute', '<A b="1" b="2"/>'],
    ['a < inside an attribute', '<A b="<"/>'],
    ['an unterminated attribute', '<A b="1/>'],
    ['attributes without space between them', '<A b="1"c="2"/>'],
    ['a second root', '<A/><B/>'],
    ['trailing text', '<A/>x'],
    ['an empty document', ''],
    ['a processing instruction inside', '<A><?php x ?></A>'],
  ])('refuses %s', (_case, text) => {
    expect(() => readAttributeXml(text)).toThrow(XmlReadError);
  });

  it('refuses an attribute longer than the limit and reads one within it', () => {
    const huge = 'x'.repeat(64 * 1024 + 1);
    expect(() => readAttributeXml(`<A b="${huge}"/>`)).toThrow(/longer than 65536/);
    expect(readAttributeXml(`<A b="${'y'.repeat(60_000)}"/>`).attributes['b']).toHaveLength(60_000);
  });

  it('reads a few megabytes of attributes in linear time', () => {
    const users = Array.from(
      { length: 20_000 },
      (_, index) => `<User id="${index}" title="${'t'.repeat(100)}"/>`,
    );
    const started = performance.now();
    expect(readAttributeXml(`<MediaContainer>${users.join('')}</MediaContainer>`).children).toHaveLength(
      20_000,
    );
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses nesting deeper than the limit', () => {
    const deep = '<A>'.repeat(20) + '</A>'.repeat(20);
    expect(() => readAttributeXml(deep)).toThrow(/deeper than 16/);
  });

  it('refuses an attribute named like a child element when converting', () => {
    expect(() => xmlElementToRecord(readAttributeXml('<A Server="1"><Server/></A>'))).toThrow(
      /both an attribute/,
    );
  });

  it('round-trips any attribute text written with the five predefined entities', () => {
    const escape = (value: string) =>
      value
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&apos;');
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (value) => {
        expect(readAttributeXml(`<A v="${escape(value)}"/>`).attributes['v']).toBe(value);
      }),
    );
  });

  it('never throws anything but XmlReadError, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (text) => {
        try {
          readAttributeXml(text);
        } catch (error) {
          expect(error).toBeInstanceOf(XmlReadError);
        }
      }),
    );
  });
});
