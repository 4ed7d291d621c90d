/**
 * Fails when a module of `src/` keeps state of its own or does something when it is imported
 * (ARCHITECTURE.md, "Rules a change keeps": the composition root creates stores, caches and
 * services; a test builds its own app). Run by `npm test`. What it finds, each as a file:line and
 * a sentence:
 *
 * - a signal, computed or effect (any call of @preact/signals) made when the module loads;
 * - a `let` or `var` at module scope;
 * - a module-level constant that is mutated, wherever the mutation is written (a Map, Set or
 *   array changed through its methods, a property or element assigned or deleted);
 * - a call at module scope of a function of `src/` that keeps state in its closure (a `let` its
 *   inner functions assign: a cache or a memo made when the module loads); React's `lazy`
 *   components are left alone: they keep only the loaded code, as the module system does;
 * - a statement that runs when the module is imported (a call, an `if`, a loop …; `void name;`,
 *   which does nothing, aside);
 *   entry points are exempt from all of this, as running is what they are for: `src/main.tsx` and
 *   every module `src/` starts as a worker (`new Worker(new URL('./x.ts', import.meta.url))`);
 * - a late-bound slot: a writable `Signal<Service | null>` handed to a function or kept in an
 *   interface, for one service to fill in later what another reads (a service is an object with
 *   methods). Services get their dependencies as arguments, or listen for what happens.
 *
 * Tests (`*.test.ts(x)`) may call `describe`/`it` at module scope, declare a module-level `let`
 * that a `beforeEach` gives a fresh value, and change a module-level double (what their `vi.mock`
 * factories share, or `globalThis`) that a `beforeEach`/`afterEach` sets back: state per test.
 * Anything else they share between tests is flagged as anywhere else. Test doubles and kits
 * (`testing/`, `testKit.ts`) have no exemption.
 *
 * The source is read with TypeScript's own parser and checker (TypeScript 7's API, which runs
 * the compiler as a child process), so a binding is followed through imports and shadowing.
 *
 * usage: node build/checkModuleState.mjs
 */
import { pathToFileURL } from 'node:url';
import { dirname, join, relative } from 'node:path';
import { API, SignatureKind, TypeFlags } from 'typescript/unstable/sync';
import { NodeFlags, SyntaxKind } from 'typescript/unstable/ast';

const SIGNALS_MODULES = /^@preact\/signals(-react|-core)?(\/|$)/;
const PAGE_ENTRY = 'src/main.tsx';
const TEST_FILE = /\.test\.tsx?$/;
const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);
const ASSIGNMENTS = new Set([
  SyntaxKind.EqualsToken,
  SyntaxKind.PlusEqualsToken,
  SyntaxKind.MinusEqualsToken,
  SyntaxKind.AsteriskEqualsToken,
  SyntaxKind.SlashEqualsToken,
  SyntaxKind.BarBarEqualsToken,
  SyntaxKind.AmpersandAmpersandEqualsToken,
  SyntaxKind.QuestionQuestionEqualsToken,
]);
const FUNCTION_LIKE = new Set([
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.FunctionExpression,
  SyntaxKind.ArrowFunction,
  SyntaxKind.MethodDeclaration,
  SyntaxKind.Constructor,
  SyntaxKind.GetAccessor,
  SyntaxKind.SetAccessor,
]);
/** Statements that only declare: everything else at module scope runs when the module is imported. */
const DECLARATIONS = new Set([
  SyntaxKind.ImportDeclaration,
  SyntaxKind.ImportEqualsDeclaration,
  SyntaxKind.ExportDeclaration,
  SyntaxKind.ExportAssignment,
  SyntaxKind.FunctionDeclaration,
  SyntaxKind.ClassDeclaration,
  SyntaxKind.InterfaceDeclaration,
  SyntaxKind.TypeAliasDeclaration,
  SyntaxKind.EnumDeclaration,
  SyntaxKind.ModuleDeclaration,
  SyntaxKind.VariableStatement,
  SyntaxKind.EmptyStatement,
]);

function walk(node, visit) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

/** Whether `node` runs when its module is imported: no function (or instance member) between it and the file. */
function runsAtImport(node) {
  for (let at = node.parent; at !== undefined; at = at.parent) {
    if (FUNCTION_LIKE.has(at.kind)) return false;
    if (at.kind === SyntaxKind.PropertyDeclaration && !hasModifier(at, SyntaxKind.StaticKeyword)) return false;
    if (at.kind === SyntaxKind.SourceFile) return true;
  }
  return true;
}

const hasModifier = (node, kind) => (node.modifiers ?? []).some((m) => m.kind === kind);

/** The identifier an access chain starts from (`a` of `a.b[c].d`), or undefined. */
function rootOf(expression) {
  let at = expression;
  while (at.kind === SyntaxKind.PropertyAccessExpression || at.kind === SyntaxKind.ElementAccessExpression || at.kind === SyntaxKind.NonNullExpression || at.kind === SyntaxKind.ParenthesizedExpression) {
    at = at.expression;
  }
  return at.kind === SyntaxKind.Identifier ? at : undefined;
}

/** Names bound by imports from the signals library in `file`. */
function signalImports(file) {
  const names = new Set();
  for (const statement of file.statements) {
    if (statement.kind !== SyntaxKind.ImportDeclaration || !SIGNALS_MODULES.test(statement.moduleSpecifier.text)) continue;
    const bindings = statement.importClause?.namedBindings;
    if (bindings?.kind === SyntaxKind.NamedImports) for (const element of bindings.elements) names.add(element.name.text);
    if (bindings?.kind === SyntaxKind.NamespaceImport) names.add(bindings.name.text);
  }
  return names;
}

/** Whether `declaration` (a variable's) is at module scope, and a `const`. */
function moduleConst(declaration) {
  const list = declaration?.parent;
  return declaration?.kind === SyntaxKind.VariableDeclaration && list?.parent?.kind === SyntaxKind.VariableStatement && list.parent.parent?.kind === SyntaxKind.SourceFile && (list.flags & NodeFlags.Const) !== 0;
}

/** Whether a function keeps state in its closure: a `let`/`var` of its own body that an inner function assigns. */
function keepsState(fn) {
  if (fn?.body === undefined || fn.body.kind !== SyntaxKind.Block) return false;
  const own = new Set();
  for (const statement of fn.body.statements) {
    if (statement.kind === SyntaxKind.VariableStatement && (statement.declarationList.flags & NodeFlags.Const) === 0) {
      for (const d of statement.declarationList.declarations) if (d.name.kind === SyntaxKind.Identifier) own.add(d.name.text);
    }
  }
  if (own.size === 0) return false;
  let assignedInside = false;
  walk(fn.body, (node) => {
    if (assignedInside || node.kind !== SyntaxKind.BinaryExpression || !ASSIGNMENTS.has(node.operatorToken.kind)) return;
    if (node.left.kind !== SyntaxKind.Identifier || !own.has(node.left.text)) return;
    for (let at = node.parent; at !== fn; at = at.parent) if (FUNCTION_LIKE.has(at.kind)) assignedInside = true;
  });
  return assignedInside;
}

/** Whether `type` (a checker type) is a service: an object with at least one method. */
function isService(checker, type) {
  if (type === undefined) return false;
  if (type.flags & TypeFlags.UnionOrIntersection) return type.getTypes().some((t) => isService(checker, t));
  if (!(type.flags & TypeFlags.Object)) return false;
  if (checker.getSignaturesOfType(type, SignatureKind.Call).length > 0) return true;
  return checker.getPropertiesOfType(type).some((p) => {
    const t = checker.getTypeOfSymbol(p);
    return t !== undefined && checker.getSignaturesOfType(t, SignatureKind.Call).length > 0;
  });
}

/**
 * Every piece of module-level state and import-time work in the project's files under `roots`.
 * `cwd` holds the tsconfig.json that includes them. Returns sentences "path:line: what".
 */
export function findModuleState({ cwd = process.cwd(), roots = ['src'] } = {}) {
  const api = new API({ cwd });
  try {
    const project = api.updateSnapshot({ openProject: `${cwd}/tsconfig.json` }).getProjects()[0];
    const { program, checker } = project;
    const files = program
      .getSourceFileNames()
      .map((name) => ({ name, path: relative(cwd, name) }))
      .filter(({ path }) => roots.some((root) => path.startsWith(`${root}/`)) && /\.tsx?$/.test(path) && !path.endsWith('.d.ts'));
    const problems = [];
    const sources = files.map(({ name, path }) => ({ path, file: program.getSourceFile(name) }));
    const entryPoints = new Set([PAGE_ENTRY, ...sources.flatMap(({ path, file }) => workersStarted(path, file))]);
    for (const { path, file } of sources) {
      if (entryPoints.has(path)) continue;
      const line = (node) => file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
      const report = (node, what) => problems.push(`${path}:${line(node)}: ${what}`);
      checkFile({ file, path, checker, report });
    }
    return problems;
  } finally {
    api.close();
  }
}

function checkFile({ file, path, checker, report }) {
  const isTest = TEST_FILE.test(path);
  const signals = signalImports(file);

  // Statements that run at import, and module-level bindings that can change.
  for (const statement of file.statements) {
    if (!DECLARATIONS.has(statement.kind) && !isTest && !doesNothing(statement)) {
      report(statement, `runs when the module is imported (${SyntaxKind[statement.kind]}): move it into a function that the composition root or a test calls`);
    }
    if (statement.kind === SyntaxKind.VariableStatement && (statement.declarationList.flags & (NodeFlags.Let | NodeFlags.Const)) !== NodeFlags.Const) {
      for (const d of statement.declarationList.declarations) {
        if (isTest && freshEachTest(file, d)) continue;
        report(d, `module-level \`${statement.declarationList.flags & NodeFlags.Let ? 'let' : 'var'} ${d.name.getText(file)}\`: state belongs to what the composition root (or a test) creates`);
      }
    }
  }

  const calls = [];
  const mutations = [];
  const slots = [];
  walk(file, (node) => {
    if (node.kind === SyntaxKind.CallExpression && runsAtImport(node)) calls.push(node);
    if (node.kind === SyntaxKind.CallExpression && node.expression.kind === SyntaxKind.PropertyAccessExpression && MUTATORS.has(node.expression.name.text)) {
      mutations.push({ node, target: node.expression.expression, how: `.${node.expression.name.text}()` });
    }
    if (node.kind === SyntaxKind.BinaryExpression && ASSIGNMENTS.has(node.operatorToken.kind) && node.left.kind !== SyntaxKind.Identifier) {
      mutations.push({ node, target: node.left, how: 'an assignment to its property' });
    }
    if ((node.kind === SyntaxKind.PrefixUnaryExpression || node.kind === SyntaxKind.PostfixUnaryExpression) && [SyntaxKind.PlusPlusToken, SyntaxKind.MinusMinusToken].includes(node.operator) && node.operand.kind !== SyntaxKind.Identifier) {
      mutations.push({ node, target: node.operand, how: 'an increment of its property' });
    }
    if (node.kind === SyntaxKind.DeleteExpression) mutations.push({ node, target: node.expression, how: 'a delete' });
    if (node.kind === SyntaxKind.TypeReference && node.typeName.kind === SyntaxKind.Identifier && node.typeName.text === 'Signal' && signals.has('Signal')) {
      const holder = node.parent;
      if ([SyntaxKind.Parameter, SyntaxKind.PropertySignature, SyntaxKind.PropertyDeclaration].includes(holder.kind) && holder.type === node) slots.push(node);
    }
  });

  // Signals made, and stateful factories called, when the module loads.
  const callees = calls.map((call) => rootOf(call.expression.kind === SyntaxKind.PropertyAccessExpression ? call.expression.expression : call.expression) ?? call.expression);
  const calleeSymbols = callees.length === 0 ? [] : checker.getSymbolAtLocation(callees);
  calls.forEach((call, i) => {
    const callee = callees[i];
    if (callee.kind === SyntaxKind.Identifier && signals.has(callee.text)) {
      report(call, `\`${call.expression.getText(file)}(…)\` runs when the module is imported: a store is created by the composition root (createStores)`);
      return;
    }
    const symbol = calleeSymbols[i];
    if (symbol === undefined || callee.kind !== SyntaxKind.Identifier || call.expression !== callee) return;
    const target = aliased(checker, symbol);
    const declaration = target.valueDeclaration?.resolve();
    const fn = declaration?.kind === SyntaxKind.VariableDeclaration ? declaration.initializer : declaration;
    if (fn !== undefined && FUNCTION_LIKE.has(fn.kind) && keepsState(fn)) {
      report(call, `\`${callee.text}(…)\` at module scope keeps state (a cache) for as long as the module lives: create it in the composition root`);
    }
  });

  // Mutations of module-level constants, here or in the module that declares them. A test file's
  // own double (what its `vi.mock` factories share, or `globalThis`) may change when the file
  // sets it back for every test in a `beforeEach`/`afterEach`.
  const roots = mutations.map((m) => rootOf(m.target));
  const resetInHooks = new Set(isTest ? mutations.filter((m, i) => roots[i] !== undefined && inHook(m.node, /^(beforeEach|afterEach)$/)).map((m) => rootOf(m.target).text) : []);
  const present = mutations.filter((_, i) => roots[i] !== undefined);
  const presentRoots = roots.filter((r) => r !== undefined);
  const rootSymbols = presentRoots.length === 0 ? [] : checker.getSymbolAtLocation(presentRoots);
  present.forEach((mutation, i) => {
    const symbol = rootSymbols[i];
    if (symbol === undefined) return;
    const declaration = aliased(checker, symbol).valueDeclaration?.resolve();
    if (!moduleConst(declaration)) return;
    if (isTest && declaration.getSourceFile() === file && resetInHooks.has(presentRoots[i].text)) return;
    report(mutation.node, `\`${presentRoots[i].text}\` is a module-level constant changed by ${mutation.how}: module state; keep it in what the composition root (or a test) creates`);
  });

  // Writable signals of services handed over to be filled later.
  for (const node of slots) {
    const argument = node.typeArguments?.[0];
    if (argument === undefined) continue;
    const type = checker.getTypeFromTypeNode(argument);
    if (type === undefined) continue;
    const members = type.flags & TypeFlags.Union ? type.getTypes() : [type];
    const empty = (t) => (t.flags & (TypeFlags.Null | TypeFlags.Undefined)) !== 0;
    if (members.some(empty) && members.some((t) => !empty(t) && isService(checker, t))) {
      report(node, `a late-bound slot (\`${node.getText(file)}\`): a service is filled in later by another; pass it as an argument, or let the later one subscribe`);
    }
  }
}

/** `void name;` (or of a literal): an expression statement that evaluates nothing with an effect. */
function doesNothing(statement) {
  if (statement.kind !== SyntaxKind.ExpressionStatement || statement.expression.kind !== SyntaxKind.VoidExpression) return false;
  return [SyntaxKind.Identifier, SyntaxKind.NumericLiteral, SyntaxKind.StringLiteral].includes(statement.expression.expression.kind);
}

/** The modules `file` starts as workers: `new Worker(new URL('./x.ts', import.meta.url), …)`, as paths like `path`. */
function workersStarted(path, file) {
  const started = [];
  walk(file, (node) => {
    if (node.kind !== SyntaxKind.NewExpression || node.expression.kind !== SyntaxKind.Identifier || node.expression.text !== 'Worker') return;
    const url = node.arguments?.[0];
    const specifier = url?.kind === SyntaxKind.NewExpression && url.arguments?.[0]?.kind === SyntaxKind.StringLiteral ? url.arguments[0].text : null;
    if (specifier !== null) started.push(join(dirname(path), specifier));
  });
  return started;
}

function aliased(checker, symbol) {
  try {
    const target = checker.getAliasedSymbol(symbol);
    return checker.isUnknownSymbol(target) ? symbol : target;
  } catch {
    return symbol;
  }
}

/** Whether the test file gives the module-level `let` a fresh value in a `beforeEach`. */
function freshEachTest(file, declaration) {
  const name = declaration.name.kind === SyntaxKind.Identifier ? declaration.name.text : null;
  let fresh = false;
  walk(file, (node) => {
    if (fresh || name === null || node.kind !== SyntaxKind.BinaryExpression || node.operatorToken.kind !== SyntaxKind.EqualsToken) return;
    if (node.left.kind === SyntaxKind.Identifier && node.left.text === name && inHook(node, /^beforeEach$/)) fresh = true;
  });
  return fresh;
}

function inHook(node, hook) {
  for (let at = node.parent; at !== undefined; at = at.parent) {
    if (at.kind === SyntaxKind.CallExpression && at.expression.kind === SyntaxKind.Identifier && hook.test(at.expression.text)) return true;
  }
  return false;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const problems = findModuleState();
  if (problems.length > 0) {
    console.error(`Module-level state or import-time work in src/ (${problems.length}):\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log('No module of src/ keeps state of its own or does anything when imported.');
}
