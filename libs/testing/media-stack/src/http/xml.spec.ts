// The XML serializer Plex answers are written with: attributes escaped, arrays as child elements.
import { escapeXmlAttribute, toXml } from './xml';

describe('toXml', () => {
  it('escapes every character that could end or break an attribute value', () => {
    expect(escapeXmlAttribute(`a&b<c>d"e'f\ng\th`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f&#10;g&#9;h');
  });

  it('writes scalars as attributes, booleans as 1 and 0, arrays of objects as child elements, and skips null', () => {
    const xml = toXml(
      'MediaContainer',
      {
        size: 2,
        allowSync: true,
        hidden: false,
        missing: null,
        Metadata: [
          { type: 'movie', title: 'Tom & "Jerry" <3>', Media: [{ id: 1 }, { id: 2 }] },
          { type: 'show', title: 'Café' },
        ],
      },
      (key, entry) => (key === 'Metadata' ? (entry['type'] === 'movie' ? 'Video' : 'Directory') : key),
    );
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<MediaContainer size="2" allowSync="1" hidden="0">' +
        '<Video type="movie" title="Tom &amp; &quot;Jerry&quot; &lt;3&gt;"><Media id="1" /><Media id="2" /></Video>' +
        '<Directory type="show" title="Café" />' +
        '</MediaContainer>\n',
    );
  });
});
