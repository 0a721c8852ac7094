/* What the scorekeeper knows of the rules and its words, as the page's two classic scripts give
 * it: scorekeeper-config.js (HEARTS_SCOREKEEPER_CONFIG, generated from the Python declarations
 * and content/scorekeeper.yaml) and scoring.js (HeartsScoring, the rules of scoring). Neither is
 * ever changed. */

export const CONFIG = window.HEARTS_SCOREKEEPER_CONFIG;
export const S = window.HeartsScoring;
