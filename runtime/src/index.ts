/** The game-agnostic runtime: everything here works with any engine implementing `Engine`. */
export type {
  AnyEngine,
  Engine,
  EngineAction,
  GameOptions,
  Outcome,
  ParameterInfo,
  Seat,
  ShownAction,
} from "./engine.ts";
export { copyRng, createRng, nextUint32, randomInt, shuffleInPlace, type RngState } from "./random.ts";
export { canonicalJson, fnv1a32, stateChecksum } from "./checksum.ts";
export { INTERRUPT_ODDS, isSeat, lowestSeat, takesInterrupt } from "./seats.ts";
export { agentSeed, gameSeed } from "./seeds.ts";
export {
  checkActionShape,
  checkLogShape,
  checkOptions,
  checkParams,
  isActionShaped,
  isPlainObject,
  normalizeOptions,
  type EngineLimits,
} from "./validation.ts";
export { IllegalActionError, Session } from "./session.ts";
export { ReplayError, replay, type ReplayStep } from "./replay.ts";
export {
  SAVE_FORMAT,
  SAVE_VERSION,
  SaveError,
  createSave,
  restore,
  saveChecksum,
  saveToJson,
  type RestoreOptions,
  type SaveFile,
} from "./save.ts";
export { RandomAgent, agentInterruption, agentStep, playWithAgents, type Agent } from "./agents.ts";
export { abandonReason, abandonedOutcome, PlayoutLimitError, randomPlayout, type PlayoutResult } from "./playout.ts";
export { redealAnswers, imaginedRng, redealElements, redealMapValues, redealValues, type Slot } from "./determinize.ts";
export { AGENT_NAMES, agentNameProblem, agentPlayout, makeAgent, seatAgents } from "./agent-playout.ts";
export type { FieldShape, ValueShape, ViewShape } from "./view-shape.ts";
export { boardOverview, overviewLines, type Axial, type BoardOverview, type OverviewSquare } from "./board-overview.ts";
export { Table, type Sitter, type TableEntry } from "./table.ts";
export { GreedyAgent, MctsAgent, type MctsOptions } from "./search-agents.ts";
export { DetailsRecorder, GAME_STAGES, mergeDetails, type GameDetails } from "./game-details.ts";
export {
  DEFAULT_MAX_STEPS,
  configurations,
  mergeTallies,
  simulate,
  summarize,
  tallyGames,
  type BatchTally,
  type Configuration,
  type SimulationOptions,
  type SimulationSummary,
} from "./simulate.ts";
export { atValues, checkAtValues, NotAmongChoices } from "./at-values.ts";
export {
  alwaysProblem,
  askedProblem,
  describePending,
  offeredProblem,
  playUntil,
  saveAndRestore,
  shareProblem,
  viewAt,
} from "./test-steps.ts";
export {
  actionLabel,
  formatAction,
  formatBlock,
  formatView,
  formatOutcome,
  formatShownAction,
  formatSummaryTable,
  formatValue,
  SUMMARY_COLUMNS,
  variantLabel,
  type SummaryColumn,
} from "./format.ts";
export {
  RulesError,
  at,
  indexIn,
  clone,
  concat,
  containsValue,
  divide,
  equal,
  extraField,
  fieldValue,
  inRulesFile,
  indexOfValue,
  drawTop,
  namingRulesFile,
  unnamed,
  hashText,
  isInt,
  isRecord,
  notOfferedNow,
  GAME_ENDED,
  endedGame,
  pickRandom,
  randomBetween,
  rangeList,
  readRange,
  remainder,
  rankByKeys,
  removeValue,
  seatLists,
  seatsFrom,
  setAt,
  showPlayer,
} from "./engine-support.ts";
export { drawFromDeck, drawFromPile, reshuffleDeck, type Deck, type DeckView } from "./decks.ts";
export { freezeHeld, heldProblem, heldRecord, thawHeld, type Held, type HeldAt, type HeldFields } from "./held.ts";
export {
  hexKeyedView,
  isNumberKey,
  mapDelete,
  mapFind,
  mapFrom,
  mapGet,
  mapHas,
  mapKeys,
  mapMapValues,
  mapNumberKeys,
  readMapNumberKeys,
  mapSet,
  noKey,
  mapSize,
  mapValues,
  graphSteps,
  graphWithin,
  tableRow,
  type RulesMap,
} from "./maps.ts";
export {
  ConformanceError,
  checkDeterminism,
  checkIllegalActionsRefused,
  checkLegalActionsApply,
  checkPlayoutsTerminate,
  checkReplay,
  checkSaveRestore,
  checkViewsHide,
  checkDeterminize,
  requireViewsHide,
  type ConformanceOptions,
  type ConformanceReport,
} from "./conformance.ts";
export {
  HEX_DIRECTIONS,
  hexAdd,
  hexDirection,
  hexDisc,
  hexDistance,
  hexNeighbour,
  hexNeighbours,
  hexOf,
  hexQ,
  hexR,
  hexRing,
  hexRotate,
  hexScale,
  hexStep,
  hexSub,
  hexText,
  hexView,
  showHex,
  isHex,
  type Hex,
  type HexDirection,
  type HexView,
} from "./hex.ts";
export {
  GRID_DIRECTIONS,
  cellAdd,
  cellAdjacent,
  cellNeighbour,
  cellAround,
  cellDiagonals,
  cellFrontier,
  cellInside,
  cellKeyedView,
  cellLine,
  cellOf,
  cellOffset,
  cellScale,
  cellStep,
  cellLineLength,
  cellSub,
  cellView,
  cellX,
  cellY,
  isCell,
  kingDistance,
  manhattan,
  showCell,
  type Cell,
  type CellView,
  type GridDirection,
} from "./grid.ts";
