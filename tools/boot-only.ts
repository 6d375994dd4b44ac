// A bundle's top-level functions that only the boot calls (the scanner's,
// the game in play's, the signer's makers, a bank's driver...) would stay in
// RAM for as long as the board runs: each a global name, a function and its
// code (some 6 JsVars on the chip). The boot runs once, synchronously, when
// the bundle is loaded, so after its last statement such a name can be let go.
// Which names qualify is read off the minified code itself, with the scopes of
// ES5 (function scopes, and a catch clause's own name): a name is the boot's
// alone when every use of it runs during the boot, outside any function or in
// a function called on the spot (the boot's own), never in a function kept
// to run later.
import * as acorn from 'acorn';

type Node = acorn.Node & Record<string, unknown>;

interface Scope {
  names: Set<string>;
  /** Whether code in this scope runs only during the boot. */
  boot: boolean;
  /** The top level's scope. */
  top: boolean;
}

/** The names a function's body declares for the whole function (its `var`s and function declarations), not those of functions inside it. */
export function declared(body: Node, into: Set<string>): void {
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    const n = node as Node;
    if (typeof n.type !== 'string') return;
    if (n.type === 'FunctionDeclaration') {
      into.add((n.id as acorn.Identifier).name);
      return;
    }
    if (n.type === 'FunctionExpression') return;
    if (n.type === 'VariableDeclarator') into.add((n.id as acorn.Identifier).name);
    for (const key of Object.keys(n)) if (key !== 'type') visit(n[key]);
  };
  visit(body);
}

/**
 * The top-level functions of `code` (ES5, a script) whose every use runs during the boot: declared with
 * `function` or as a `var` with a function for its value, and named nowhere in a function kept for later. A
 * function the boot alone calls, by its name, runs during the boot too: what its own body names (not its
 * closures') counts as the boot's, so a helper only such a function calls is the boot's as well.
 */
export function bootOnlyFunctions(code: string): string[] {
  const program = acorn.parse(code, { ecmaVersion: 5 }) as unknown as Node;
  const functions = new Set<string>();
  for (const st of program.body as Node[]) {
    if (st.type === 'FunctionDeclaration') functions.add((st.id as acorn.Identifier).name);
    if (st.type === 'VariableDeclaration') {
      for (const d of st.declarations as Node[]) {
        if (d.init && (d.init as Node).type === 'FunctionExpression') functions.add((d.id as acorn.Identifier).name);
      }
    }
  }
  const topNames = new Set<string>();
  declared(program, topNames);
  // The boot's functions whose bodies run during the boot: grows until it no longer changes.
  let runAtBoot = new Set<string>();
  for (;;) {
    const { live, notCalled } = uses(program, functions, topNames, runAtBoot);
    const boot = Array.from(functions).filter((name) => !live.has(name));
    const next = new Set(boot.filter((name) => !notCalled.has(name)));
    if (next.size === runAtBoot.size) return boot;
    runAtBoot = next;
  }
}

/**
 * Which of `functions` (top-level names) are named in a function kept for later (`live`), and which are named
 * other than as the function called (`notCalled`); the bodies of `runAtBoot` run during the boot.
 */
function uses(program: Node, functions: Set<string>, topNames: Set<string>, runAtBoot: Set<string>): { live: Set<string>; notCalled: Set<string> } {
  const live = new Set<string>();
  const notCalled = new Set<string>();
  const scopes: Scope[] = [{ names: topNames, boot: true, top: true }];

  const use = (name: string, called: boolean): void => {
    for (let i = scopes.length - 1; i >= 0; i--) {
      if (!scopes[i].names.has(name)) continue;
      if (scopes[i].top && functions.has(name)) {
        if (!scopes[scopes.length - 1].boot) live.add(name);
        if (!called) notCalled.add(name);
      }
      return;
    }
  };

  const visit = (node: unknown, parent: Node | null, declaring?: string): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) {
      for (const n of node) visit(n, parent);
      return;
    }
    const n = node as Node;
    if (typeof n.type !== 'string') return;
    switch (n.type) {
      case 'Identifier':
        use(n.name as string, parent !== null && parent.type === 'CallExpression' && parent.callee === n);
        return;
      case 'MemberExpression':
        visit(n.object, n);
        if (n.computed) visit(n.property, n);
        return;
      case 'Property':
        if (n.computed) visit(n.key, n);
        visit(n.value, n);
        return;
      case 'VariableDeclarator':
        visit(n.init, n, scopes.length === 1 ? (n.id as acorn.Identifier).name : undefined);
        return;
      case 'LabeledStatement':
        visit(n.body, n);
        return;
      case 'BreakStatement':
      case 'ContinueStatement':
        return;
      case 'CatchClause': {
        const scope = scopes[scopes.length - 1];
        scopes.push({ names: new Set([(n.param as acorn.Identifier).name]), boot: scope.boot, top: false });
        visit(n.body, n);
        scopes.pop();
        return;
      }
      case 'FunctionDeclaration':
      case 'FunctionExpression': {
        const names = new Set<string>((n.params as acorn.Identifier[]).map((p) => p.name));
        if (n.type === 'FunctionExpression' && n.id) names.add((n.id as acorn.Identifier).name);
        names.add('arguments');
        declared(n.body as Node, names);
        // Called where it is made (the boot's own function, or one it calls at once): it runs now, if its maker
        // does. A top-level function only the boot calls runs during the boot.
        const onTheSpot = n.type === 'FunctionExpression' && parent !== null && parent.type === 'CallExpression' && parent.callee === n;
        const name = n.type === 'FunctionDeclaration' ? (n.id as acorn.Identifier).name : declaring;
        const atBoot = scopes.length === 1 && name !== undefined && runAtBoot.has(name);
        scopes.push({ names, boot: atBoot || (onTheSpot && scopes[scopes.length - 1].boot), top: false });
        visit(n.body, n);
        scopes.pop();
        return;
      }
      default:
        for (const key of Object.keys(n)) if (key !== 'type' && key !== 'start' && key !== 'end') visit(n[key], n);
    }
  };
  visit(program.body, program);
  return { live, notCalled };
}

/**
 * `code` with the boot's own top-level functions let go after its last statement: deleted, name and all (on the
 * chip a global's name is a JsVar of its own; set to a number, it stayed, at 2 bytes stored a name against 3). But
 * those `kept`: the bundle's that its modules call (their code is not this).
 */
export function freeBootOnly(code: string, kept: string[] = []): string {
  const names = bootOnlyFunctions(code).filter((name) => kept.indexOf(name) < 0);
  return names.length ? code.replace(/;?$/, ';') + names.map((name) => 'delete ' + name).join(',') : code;
}
