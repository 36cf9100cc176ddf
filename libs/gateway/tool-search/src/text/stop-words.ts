// Words that carry no information about which tool is meant: English function words and the
// phrasing agents wrap around a need ("I need a tool to…", "please help me…", "is there a way to…").
// They are dropped from tool documents and queries alike, before stemming. Verbs that name an action
// (get, list, find, show, create…) are deliberately absent: they are what tool names are made of.

const FUNCTION_WORDS = `
  a an the and or but nor if then else so than of to in on at by for from with without into onto
  about as per via is are was were be been being am do does did doing done have has had having can
  could would should will shall may might must i me my mine we us our ours you your yours it its
  they them their this that these those there here what which who whom whose when where why how
  some any all each every both either neither such own just also very too only not no yes etc whether
  while within upon
`;

const AGENT_PHRASING = `
  please need needs needed want wants wanted lets let help able way ways something anything
  thing things tool tools use using try trying somehow currently now right quickly maybe kindly
`;

export const STOP_WORDS: ReadonlySet<string> = new Set(
  `${FUNCTION_WORDS} ${AGENT_PHRASING}`.split(/\s+/).filter((word) => word.length > 0),
);

export function isStopWord(token: string): boolean {
  return STOP_WORDS.has(token);
}
