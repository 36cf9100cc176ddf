// A strict reader for the attribute-only XML plex.tv answers (`/api/users`): elements, attributes
// and whitespace between elements, nothing else. Text content, comments, CDATA, DOCTYPE (and so
// entity definitions), unknown entities, unclosed or mismatched tags are errors, because a
// document we cannot read exactly must not turn into a shorter list of users. One pass over the
// text, no regular expressions over untrusted input, bounded depth and attribute length.

export interface XmlElement {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
}

export class XmlReadError extends Error {
  override readonly name = 'XmlReadError';

  constructor(problem: string, offset: number) {
    super(`${problem} at offset ${offset}`);
  }
}

export interface XmlReadLimits {
  readonly maxDepth: number;
  readonly maxAttributeLength: number;
}

const DEFAULT_LIMITS: XmlReadLimits = { maxDepth: 16, maxAttributeLength: 64 * 1024 };

const PREDEFINED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

export function readAttributeXml(text: string, limits: XmlReadLimits = DEFAULT_LIMITS): XmlElement {
  return new AttributeXmlReader(text, limits).readDocument();
}

class AttributeXmlReader {
  private position = 0;

  constructor(
    private readonly text: string,
    private readonly limits: XmlReadLimits,
  ) {}

  readDocument(): XmlElement {
    // A byte-order mark is already dropped by the decoder; an XML declaration may lead.
    if (this.text.startsWith('<?xml')) {
      const end = this.text.indexOf('?>');
      if (end < 0) this.fail('an unterminated XML declaration');
      this.position = end + 2;
    }
    this.skipWhitespace();
    const root = this.readElement(1);
    this.skipWhitespace();
    if (this.position < this.text.length) this.fail('content after the root element');
    return root;
  }

  private readElement(depth: number): XmlElement {
    if (depth > this.limits.maxDepth) this.fail(`elements nested deeper than ${this.limits.maxDepth}`);
    this.expect('<');
    const name = this.readName();
    const attributes: Record<string, string> = Object.create(null) as Record<string, string>;
    for (;;) {
      const hadWhitespace = this.skipWhitespace();
      const next = this.text[this.position];
      if (next === undefined) this.fail(`an unclosed <${name}>`);
      if (next === '/') {
        this.position += 1;
        this.expect('>');
        return { name, attributes: { ...attributes }, children: [] };
      }
      if (next === '>') {
        this.position += 1;
        break;
      }
      if (!hadWhitespace) this.fail(`no space before an attribute of <${name}>`);
      const attributeName = this.readName();
      if (attributeName in attributes) this.fail(`a repeated attribute ${attributeName} on <${name}>`);
      this.skipWhitespace();
      this.expect('=');
      this.skipWhitespace();
      attributes[attributeName] = this.readAttributeValue();
    }
    const children: XmlElement[] = [];
    for (;;) {
      this.skipWhitespace();
      if (this.position >= this.text.length) this.fail(`an unclosed <${name}>`);
      if (this.text.startsWith('</', this.position)) {
        this.position += 2;
        const closing = this.readName();
        if (closing !== name) this.fail(`</${closing}> closing <${name}>`);
        this.skipWhitespace();
        this.expect('>');
        return { name, attributes: { ...attributes }, children };
      }
      if (
        this.text[this.position] !== '<' ||
        this.text.startsWith('<!', this.position) ||
        this.text.startsWith('<?', this.position)
      ) {
        this.fail(`content other than elements inside <${name}>`);
      }
      children.push(this.readElement(depth + 1));
    }
  }

  private readName(): string {
    const start = this.position;
    while (
      this.position < this.text.length &&
      isNameCharacter(this.text.charCodeAt(this.position), this.position === start)
    ) {
      this.position += 1;
    }
    if (this.position === start) this.fail('a missing name');
    return this.text.slice(start, this.position);
  }

  private readAttributeValue(): string {
    const quote = this.text[this.position];
    if (quote !== '"' && quote !== "'") this.fail('an unquoted attribute value');
    this.position += 1;
    const start = this.position;
    let value = '';
    let segmentStart = this.position;
    for (;;) {
      const character = this.text[this.position];
      if (character === undefined) this.fail('an unterminated attribute value');
      if (this.position - start > this.limits.maxAttributeLength) {
        this.fail(`an attribute value longer than ${this.limits.maxAttributeLength} characters`);
      }
      if (character === quote) {
        value += this.text.slice(segmentStart, this.position);
        this.position += 1;
        return value;
      }
      if (character === '<') this.fail("a '<' inside an attribute value");
      if (character === '&') {
        value += this.text.slice(segmentStart, this.position);
        value += this.readEntity();
        segmentStart = this.position;
        continue;
      }
      this.position += 1;
    }
  }

  private readEntity(): string {
    const start = this.position;
    const end = this.text.indexOf(';', start);
    // Entity names are short; a distant ';' means a bare '&'.
    if (end < 0 || end - start > 12) this.fail("a bare '&'");
    const body = this.text.slice(start + 1, end);
    this.position = end + 1;
    const named = PREDEFINED_ENTITIES[body];
    if (named !== undefined) return named;
    const code = /^#x[0-9a-fA-F]{1,6}$/.test(body)
      ? Number.parseInt(body.slice(2), 16)
      : /^#[0-9]{1,7}$/.test(body)
        ? Number.parseInt(body.slice(1), 10)
        : undefined;
    if (code === undefined) {
      this.position = start;
      this.fail(`an unknown entity &${body.slice(0, 10)};`);
    }
    if (!isXmlCharacter(code)) {
      this.position = start;
      this.fail(`a character reference to U+${code.toString(16).toUpperCase()}, not an XML character`);
    }
    return String.fromCodePoint(code);
  }

  /** True when it skipped anything. */
  private skipWhitespace(): boolean {
    const start = this.position;
    while (this.position < this.text.length && ' \t\r\n'.includes(this.text[this.position] as string)) {
      this.position += 1;
    }
    return this.position > start;
  }

  private expect(character: string): void {
    if (this.text[this.position] !== character) {
      this.fail(
        this.position >= this.text.length
          ? `an unexpected end, expected '${character}'`
          : `expected '${character}'`,
      );
    }
    this.position += 1;
  }

  private fail(problem: string): never {
    throw new XmlReadError(problem, this.position);
  }
}

/** ASCII letters, digits, '_', ':', and '-' or '.' after the first character: all Plex uses. */
function isNameCharacter(code: number, first: boolean): boolean {
  const letter = (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code === 58;
  if (letter) return true;
  return !first && ((code >= 48 && code <= 57) || code === 45 || code === 46);
}

function isXmlCharacter(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}
