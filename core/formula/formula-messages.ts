/**
 * Every message of the formula checker, by code, as an English template
 * (message-template.ts). A diagnostic carries its code and values next to the
 * filled text, so a client can say it in its own language (the web app's
 * catalogue has `formula.err.<code>`); the text stays what the API always sent.
 * Values that are English words themselves are sent with a key beside them:
 * `found` comes with `found_kind` (eof, text, quoted, token), `hint` with the
 * character it explains, `needs` with `needs_kind` (DATA_NEEDS) and `problem`
 * with `problem_code` (ARGUMENT_PROBLEMS).
 */
export const FORMULA_MESSAGES = {
  // lexer
  unclosed_comment: "this { comment is never closed with }",
  unclosed_text: "this text starting with {quote} is not closed with {quote} on the same line",
  full_width: "full-width '{char}' is not allowed; type '{ascii}' instead",
  unexpected_char: "unexpected character '{char}'",
  unexpected_char_hint: "unexpected character '{char}': {hint}",
  // parser: "expected … but found …"
  expected_style_word: "expected a style word such as COLORRED or LINETHICK2 after ',' but found {found}",
  expected_statement_end: "expected ';' to end the statement (or an operator) but found {found}",
  expected_period_name: "expected a period name such as WEEK or MIN15 after '#' but found {found}",
  expected_output_name: "expected an output name after '{name}.' but found {found}",
  expected_close_paren: "expected ')' to close the '(' at line {line}, column {column} but found {found}",
  expected_value: "expected a value (a number, a name, a function call or '(') but found {found}",
  expected_comma_or_close: "expected ',' or ')' in the call to {name} opened at line {line}, column {column} but found {found}",
  misplaced_assign: "'{op}' can only follow a name at the start of a statement",
  too_deep: "the expression is nested more than {max} levels deep",
  // compiler
  drawing_assigned: "{name} := {drawing}(...): a drawing has no value to assign",
  text_output: "text cannot be an output line; text is only used by drawing functions such as DRAWTEXT",
  no_output: "the formula has no output line: every statement is an assignment (:=) or a drawing",
  already_defined: "{name} is already defined on line {line}",
  not_style_word: "'{word}' after a comma is not a style word (such as COLORRED, LINETHICK2 or NODRAW)",
  unknown_style_word: "unknown style word '{word}' ignored",
  not_a_function: "{name} is not a function; remove the parentheses after it",
  unknown_function: "unknown function {name}",
  unknown_function_hint: "unknown function {name} (did you mean {hint}?)",
  drawing_in_expression: "{name} draws and has no value; it can only stand as a statement of its own",
  other_security: "{text} reads another security's data, which is not supported: this engine computes one formula on the bars it is given",
  other_formula: "{text} refers to an output of another formula, which is not supported: this engine computes one formula on the bars it is given",
  other_period: "#{period} asks for {period} bars; this engine computes on the bars it is given only (fetch that period instead)",
  text_in_arithmetic: "text cannot be used in arithmetic or comparisons",
  function_without_call: "{name} is a function and needs its arguments in parentheses, e.g. {name}(...)",
  used_before_defined: "{name} is used before it is defined (on line {line})",
  unknown_name: "unknown name {name}; if it is a formula parameter, give it a value",
  unknown_name_hint: "unknown name {name} (did you mean {hint}?); if it is a formula parameter, give it a value",
  needs_data: "{name} needs {needs}, which this engine does not have (it computes from OHLCV bars)",
  arity_one: "{name} takes 1 argument ({signature}) but was given {given}",
  arity_exact: "{name} takes {min} arguments ({signature}) but was given {given}",
  arity_at_least: "{name} takes at least {min} arguments ({signature}) but was given {given}",
  arity_range: "{name} takes {min} to {max} arguments ({signature}) but was given {given}",
  bad_argument: "{name}: {problem}",
  argument_not_text: "the {ordinal} argument of {name} ({arg}) must be text in single quotes, such as '买入'",
  argument_text: "the {ordinal} argument of {name} ({arg}) must be a number or a series, not text",
  argument_not_constant: "the {ordinal} argument of {name} ({arg}) must be a single number (a constant or a parameter), not a value that changes per bar",
  future_function: "{name} uses data from later bars (a future function): its past values change as new bars arrive",
  future_negative_lag: "{name} with a negative lag uses data from later bars (a future function): its past values change as new bars arrive",
} as const;

export type FormulaMessageCode = keyof typeof FORMULA_MESSAGES;

/** What a known function or variable needs that OHLCV bars do not carry (`needs_data`'s `{needs}`, by `needs_kind`). */
export const DATA_NEEDS = {
  chips: "chip-distribution data (筹码分布)",
  finance: "fundamental data (财务数据)",
  snapshot: "live snapshot data (行情快照)",
  index: "the market index series",
  today: "today's calendar date",
  open_interest: "futures open interest",
  breadth: "index breadth data",
  capital: "share-capital data (股本)",
  blocks: "block (板块) names",
} as const;

export type DataNeed = keyof typeof DATA_NEEDS;

/** Why a constant argument is out of its domain (`bad_argument`'s `{problem}`, by `problem_code`). */
export const ARGUMENT_PROBLEMS = {
  price_k: "K must be 0 (open), 1 (high), 2 (low), 3 (close) or a series",
  m_at_least_one: "M must be 1 or more",
} as const;

export type ArgumentProblem = keyof typeof ARGUMENT_PROBLEMS;
