import { contrastRatio } from '../domain/contrast';
import { COLOUR_DEFAULTS } from './schema/theme';

/** Text colour, then the colour it sits on: each must contrast 4.5:1 (WCAG 2.2 AA). */
const PAIRS = [
  ['on_primary', 'primary'],
  ['on_accent', 'accent'],
  ['text', 'background'],
  ['text', 'muted_background'],
  ['on_footer', 'footer_background'],
  ['primary', 'background'],
] as const;

const MIN_RATIO = 4.5;
const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export interface ContrastProblem {
  /** The colour to blame: one the editor set, never a default they may not know exists. */
  key: string;
  message: string;
}

/**
 * Pairs of theme colours too close to read, from the colours as written in the tenant file
 * (`given`) with the defaults filled in. Each problem names a colour the editor set; `lineOf`
 * gives the line of another colour they set, for the advice.
 */
export function contrastProblems(
  given: unknown,
  lineOf: (key: string) => number | undefined,
): ContrastProblem[] {
  const set =
    given !== null && typeof given === 'object' && !Array.isArray(given)
      ? (given as Record<string, unknown>)
      : {};
  const isSet = (key: string) => set[key] !== undefined;
  const colourOf = (key: string): string | undefined => {
    const value = isSet(key) ? set[key] : COLOUR_DEFAULTS[key as keyof typeof COLOUR_DEFAULTS];
    // A missing or malformed colour is the schema's problem, reported on its own.
    return typeof value === 'string' && HEX.test(value) ? value : undefined;
  };
  const problems: ContrastProblem[] = [];
  for (const [fg, bg] of PAIRS) {
    const fgColour = colourOf(fg);
    const bgColour = colourOf(bg);
    if (!fgColour || !bgColour || (!isSet(fg) && !isSet(bg))) continue;
    const ratio = contrastRatio(fgColour, bgColour);
    if (ratio >= MIN_RATIO) continue;
    const [blamed, other] = isSet(fg) ? [fg, bg] : [bg, fg];
    const blamedColour = blamed === fg ? fgColour : bgColour;
    const otherColour = blamed === fg ? bgColour : fgColour;
    // Contrast grows as the darker colour darkens and the lighter one lightens.
    const blamedIsDarker =
      contrastRatio(blamedColour, '#000000') < contrastRatio(otherColour, '#000000');
    const shown = (key: string, colour: string) =>
      `${key} "${colour}"${isSet(key) ? '' : ' (the default)'}`;
    const otherLine = lineOf(other);
    problems.push({
      key: blamed,
      message:
        `"${blamedColour}" is too ${blamedIsDarker ? 'light' : 'dark'}: ${shown(fg, fgColour)} on ${shown(bg, bgColour)} has contrast ` +
        `${ratio.toFixed(2)}:1, text needs at least ${MIN_RATIO}:1; choose a ${blamedIsDarker ? 'darker' : 'lighter'} ${blamed} or ` +
        (isSet(other)
          ? `change ${other}${otherLine ? ` (line ${otherLine})` : ''}`
          : `set ${other}`),
    });
  }
  return problems;
}
