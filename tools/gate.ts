// The Espruino compatibility gate: static checks on a shipped bundle, from the
// platform facts in docs/espruino.md. Each check returns readable problems with
// line numbers; an empty list means the bundle passed.
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';
import { declared } from './boot-only';

export interface Problem {
  line: number;
  /** Column (from 0), which matters in a minified file of one line. */
  column: number;
  message: string;
}

/** Globals the interpreter does not have. */
const MISSING_GLOBALS = [
  'Map', 'Set', 'WeakMap', 'WeakSet', 'Symbol', 'Proxy', 'Reflect', 'BigInt', 'Intl', 'TextEncoder',
  'TextDecoder', 'setImmediate', 'queueMicrotask', 'RangeError', 'URIError', 'EvalError', 'globalThis',
];

/**
 * Static members the interpreter lacks, as Object.member. (`Object.defineProperties` it has, in every build: its
 * src/jswrap_object.c; firmware/play.ts uses it.)
 */
const MISSING_STATICS: Record<string, string[]> = {
  Array: ['from', 'of'],
  Number: ['isInteger', 'isNaN', 'isFinite', 'isSafeInteger', 'EPSILON', 'MAX_SAFE_INTEGER', 'MIN_SAFE_INTEGER'],
  Math: ['imul', 'trunc', 'log2', 'log10', 'clz32', 'fround', 'hypot'],
  Object: ['freeze', 'seal', 'is', 'getOwnPropertySymbols', 'getOwnPropertyDescriptors'],
  Promise: ['race', 'allSettled', 'any'],
  Uint8Array: ['from', 'of'], Uint16Array: ['from', 'of'], Uint32Array: ['from', 'of'],
  Int8Array: ['from', 'of'], Int16Array: ['from', 'of'], Int32Array: ['from', 'of'], Float32Array: ['from', 'of'],
};

/** Instance methods missing on arrays, strings or promises; flagged wherever they are called. */
const MISSING_METHODS = [
  'lastIndexOf', 'reduceRight', 'flat', 'flatMap', 'at', 'findLast', 'findLastIndex',
  'trimStart', 'trimEnd', 'codePointAt', 'matchAll', 'search', 'localeCompare', 'finally',
];

/** Built-ins whose prototype reads as undefined on the chip. */
const PROTOTYPE_UNDEFINED = ['Array', 'String', 'Function'];

/** Parses as ES5 (script). Any newer syntax is a problem. */
export function checkEs5Syntax(code: string): Problem[] {
  try {
    acorn.parse(code, { ecmaVersion: 5, sourceType: 'script' });
    return [];
  } catch (e) {
    const err = e as SyntaxError & { loc?: { line: number } };
    return [{ line: err.loc ? err.loc.line : 0, column: err.loc ? (err.loc as { column?: number }).column || 0 : 0, message: 'not ES5: ' + err.message }];
  }
}

function parse(code: string): acorn.Program {
  return acorn.parse(code, { ecmaVersion: 'latest', sourceType: 'script', locations: true });
}

function memberName(node: any): string | null {
  if (node.computed) return node.property.type === 'Literal' ? String(node.property.value) : null;
  return node.property.name;
}

function declaredNames(program: acorn.Program): Set<string> {
  const names = new Set<string>();
  walk.full(program, (node: any) => {
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier') names.add(node.id.name);
    if ((node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression') && node.id) names.add(node.id.name);
    if (node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') {
      for (const p of node.params) if (p.type === 'Identifier') names.add(p.name);
    }
    if (node.type === 'CatchClause' && node.param && node.param.type === 'Identifier') names.add(node.param.name);
  });
  return names;
}

/** Uses of globals, statics and methods that docs/espruino.md lists as missing. */
export function findMissingApis(code: string): Problem[] {
  const program = parse(code);
  const declared = declaredNames(program);
  const problems: Problem[] = [];
  const add = (node: any, message: string) => problems.push({ line: node.loc.start.line, column: node.loc.start.column, message });
  walk.ancestor(program, {
    Identifier(node: any, _state: unknown, ancestors: any[]) {
      const parent = ancestors[ancestors.length - 2];
      if (parent && parent.type === 'MemberExpression' && parent.property === node && !parent.computed) return;
      if (parent && parent.type === 'Property' && parent.key === node && !parent.computed) return;
      if (MISSING_GLOBALS.indexOf(node.name) >= 0 && !declared.has(node.name)) add(node, `missing global: ${node.name}`);
    },
    MemberExpression(node: any) {
      const name = memberName(node);
      if (name === null) return;
      if (node.object.type === 'Identifier') {
        const statics = MISSING_STATICS[node.object.name];
        if (statics && statics.indexOf(name) >= 0 && !declared.has(node.object.name)) {
          add(node, `missing static: ${node.object.name}.${name}`);
        }
        if (name === 'prototype' && PROTOTYPE_UNDEFINED.indexOf(node.object.name) >= 0) {
          add(node, `${node.object.name}.prototype reads as undefined on the chip (use [].slice.call and the like)`);
        }
      }
    },
    CallExpression(node: any) {
      const callee = node.callee;
      if (callee.type !== 'MemberExpression') return;
      const name = memberName(callee);
      if (name === null) return;
      if (MISSING_METHODS.indexOf(name) >= 0) add(node, `missing method: .${name}()`);
      if (callee.object.type === 'Identifier' && callee.object.name === 'Object' && name === 'create' && node.arguments.length > 1) {
        add(node, 'Object.create with property descriptors is not supported');
      }
    },
  });
  return problems;
}

/** Every statement list that runs in order: the program's and each function's body. */
function statementBodies(program: acorn.Program): any[][] {
  const bodies: any[][] = [program.body];
  walk.full(program, (node: any) => {
    if (isFunctionNode(node) && node.body.type === 'BlockStatement') bodies.push(node.body.body);
  });
  return bodies;
}

function isFunctionNode(node: any): boolean {
  return node.type === 'FunctionDeclaration' || node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression';
}

/** Identifiers read by `node`, outside (insideFunctions=false) or including nested function bodies. */
function referencedNames(node: any, insideFunctions: boolean): { name: string; node: any }[] {
  const found: { name: string; node: any }[] = [];
  // Names a catch clause binds for its own block (a minifier reuses names freely).
  const caught: string[] = [];
  const visit = (n: any, parent: any) => {
    if (!n || typeof n.type !== 'string') return;
    if (n !== node && isFunctionNode(n) && !insideFunctions) return;
    if (n.type === 'CatchClause' && n.param && n.param.type === 'Identifier') {
      caught.push(n.param.name);
      visit(n.body, n);
      caught.pop();
      return;
    }
    if (n.type === 'Identifier') {
      if (caught.indexOf(n.name) >= 0) return;
      const isProperty = parent && ((parent.type === 'MemberExpression' && parent.property === n && !parent.computed)
        || (parent.type === 'Property' && parent.key === n && !parent.computed));
      const isDeclaration = parent && ((parent.type === 'VariableDeclarator' && parent.id === n)
        || (isFunctionNode(parent) && parent.id === n));
      const isLabel = parent && /^(Labeled|Break|Continue)Statement$/.test(parent.type) && parent.label === n;
      if (!isProperty && !isDeclaration && !isLabel) found.push({ name: n.name, node: n });
      return;
    }
    for (const key of Object.keys(n)) {
      if (key === 'loc' || key === 'start' || key === 'end') continue;
      const child = n[key];
      if (Array.isArray(child)) for (const c of child) visit(c, n);
      else if (child && typeof child.type === 'string') visit(child, n);
    }
  };
  visit(node, null);
  return found;
}

/**
 * Names used before their declaration in the same statement list (the program,
 * or any function body). Espruino does not hoist, so `f(); function f(){}` fails there. Follows calls into functions declared in
 * the same body, since calling an earlier function that reads a later name fails too.
 */
export function findUseBeforeDeclare(code: string): Problem[] {
  const program = parse(code);
  const problems: Problem[] = [];
  for (const body of statementBodies(program)) {
    const declaredAt = new Map<string, number>();
    const functionBodies = new Map<string, any>();
    body.forEach((statement: any, index: number) => {
      if (statement.type === 'FunctionDeclaration') {
        declaredAt.set(statement.id.name, index);
        functionBodies.set(statement.id.name, statement);
      }
      if (statement.type === 'VariableDeclaration') {
        for (const d of statement.declarations) {
          if (d.id.type !== 'Identifier') continue;
          if (!declaredAt.has(d.id.name)) declaredAt.set(d.id.name, index);
          if (d.init && isFunctionNode(d.init)) functionBodies.set(d.id.name, d.init);
        }
      }
    });
    const reached = (name: string, seen: Set<string>): { name: string }[] => {
      // Every body-level name a function can read when it is called, through the calls it makes.
      if (seen.has(name)) return [];
      seen.add(name);
      const fn = functionBodies.get(name);
      if (!fn) return [];
      const out: { name: string }[] = [];
      // The function's own body (nested functions are not called by merely calling it); its own names are not the outer ones.
      for (const ref of referencedNames(fn, false)) {
        if (!declaredAt.has(ref.name) || declaresOwn(fn, ref.name)) continue;
        out.push(ref);
        out.push(...reached(ref.name, seen));
      }
      return out;
    };
    body.forEach((statement: any, index: number) => {
      if (statement.type === 'FunctionDeclaration') return;
      for (const ref of referencedNames(statement, false)) {
        const at = declaredAt.get(ref.name);
        if (at === undefined) continue;
        if (at > index) {
          problems.push({ line: ref.node.loc.start.line, column: ref.node.loc.start.column, message: `'${ref.name}' is used before its declaration (no hoisting on Espruino)` });
          continue;
        }
        if (!isCalled(statement, ref.node)) continue;
        for (const inner of reached(ref.name, new Set())) {
          const innerAt = declaredAt.get(inner.name)!;
          if (innerAt > index) {
            problems.push({ line: ref.node.loc.start.line, column: ref.node.loc.start.column, message: `calling '${ref.name}' here reads '${inner.name}' before its declaration (no hoisting on Espruino)` });
          }
        }
      }
    });
  }
  return problems;
}

/** Whether `identifier` is called (directly, or as `new X`) within `statement`, outside nested functions. */
function isCalled(statement: any, identifier: any): boolean {
  let called = false;
  walk.simple(statement, {
    CallExpression(n: any) { if (n.callee === identifier) called = true; },
    NewExpression(n: any) { if (n.callee === identifier) called = true; },
  });
  return called;
}

/** All static checks of the gate together; given the interpreter's `globals`, the names read that nothing declares too. */
export function checkBundle(code: string, globals: string[] = []): Problem[] {
  const syntax = checkEs5Syntax(code);
  if (syntax.length) return syntax;
  return findMissingApis(code).concat(findUseBeforeDeclare(code), findBranchVars(code), findShadowedGlobals(code, globals), globals.length ? findFreeNames(code, globals) : []);
}

/**
 * A function's (or the program's) own scope: the names it declares (its parameters, its own name as an expression,
 * and what its body declares: boot-only.ts, declared) and the functions it holds, not those inside them.
 */
function ownScope(fn: any): { names: Set<string>; inner: any[] } {
  const names = new Set<string>();
  if (fn.type !== 'Program') {
    names.add('arguments');
    for (const p of fn.params) if (p.type === 'Identifier') names.add(p.name);
    if (fn.type === 'FunctionExpression' && fn.id) names.add(fn.id.name);
  }
  declared(fn.type === 'Program' ? fn : fn.body, names);
  const inner: any[] = [];
  const visit = (n: any) => {
    if (!n || typeof n.type !== 'string') return;
    if (n !== fn && isFunctionNode(n)) return void inner.push(n);
    for (const key of Object.keys(n)) {
      const child = n[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child.type === 'string') visit(child);
    }
  };
  visit(fn);
  return { names, inner };
}

/**
 * Names read that no scope around them declares and that are none of the interpreter's `globals`: a ReferenceError
 * on the board when reached (a global of Node's the chip lacks, that findMissingApis does not list yet, say).
 */
export function findFreeNames(code: string, globals: string[]): Problem[] {
  const problems: Problem[] = [];
  const visit = (fn: any, scopes: Set<string>[]) => {
    const own = ownScope(fn);
    const chain = scopes.concat([own.names]);
    for (const ref of referencedNames(fn, false)) {
      if (!chain.some((names) => names.has(ref.name)) && globals.indexOf(ref.name) < 0) {
        problems.push({ line: ref.node.loc.start.line, column: ref.node.loc.start.column, message: `'${ref.name}' is declared nowhere it is read, nor one of Espruino's globals` });
      }
    }
    for (const inner of own.inner) visit(inner, chain);
  };
  visit(parse(code), []);
  return problems;
}

/** Top-level names that would replace one of the interpreter's globals (bundles run at the top level, unwrapped). */
export function findShadowedGlobals(code: string, globals: string[]): Problem[] {
  const problems: Problem[] = [];
  for (const node of parse(code).body as any[]) {
    const ids = node.type === 'FunctionDeclaration' ? [node.id] : node.type === 'VariableDeclaration' ? node.declarations.map((d: any) => d.id) : [];
    for (const id of ids) {
      if (id.type === 'Identifier' && globals.indexOf(id.name) >= 0) {
        problems.push({ line: id.loc.start.line, column: id.loc.start.column, message: `top-level ${id.name} replaces Espruino's global of that name` });
      }
    }
  }
  return problems;
}


/** Where a `var` surely exists once its statement ran: null when the whole function (or program) sees it. */
function varContainer(ancestors: any[], scopeBody: any): any | null {
  let child = ancestors[ancestors.length - 1];
  for (let i = ancestors.length - 2; i >= 0; i--) {
    const parent = ancestors[i];
    if (parent === scopeBody) return null;
    const isLoopHead = (parent.type === 'ForStatement' && parent.init === child)
      || ((parent.type === 'ForInStatement' || parent.type === 'ForOfStatement') && parent.left === child);
    if (isLoopHead) { child = parent; continue; }
    if (parent.type === 'BlockStatement' || parent.type === 'SwitchCase') return parent;
    if (/Statement$/.test(parent.type) && parent.type !== 'ExpressionStatement') return child;
    child = parent;
  }
  return null;
}

/**
 * A `var` declared in a branch that never ran does not exist on Espruino
 * (reading it is a ReferenceError), so every read of a var declared inside a
 * block must lie inside that block.
 */
export function findBranchVars(code: string): Problem[] {
  const program = parse(code);
  const problems: Problem[] = [];
  const scopes: { body: any; node: any }[] = [{ body: program, node: program }];
  walk.full(program, (node: any) => {
    if (isFunctionNode(node) && node.body.type === 'BlockStatement') scopes.push({ body: node.body, node });
  });
  for (const scope of scopes) {
    const containers = new Map<string, any[] | null>();
    walk.ancestor(scope.body, {
      VariableDeclaration(node: any, _s: unknown, ancestors: any[]) {
        if (node.kind !== 'var') return;
        // Skip declarations that belong to a nested function.
        for (let i = ancestors.length - 2; i >= 0; i--) {
          if (ancestors[i] === scope.body) break;
          if (isFunctionNode(ancestors[i])) return;
        }
        const container = varContainer(ancestors, scope.body);
        for (const d of node.declarations) {
          if (d.id.type !== 'Identifier') continue;
          const known = containers.get(d.id.name);
          if (known === null) continue;
          if (container === null) containers.set(d.id.name, null);
          else containers.set(d.id.name, (known || []).concat([container]));
        }
      },
    });
    for (const [name, list] of containers) {
      if (list === null) continue;
      for (const ref of readsOf(scope.body, name)) {
        const inside = list.some((c) => ref.start >= c.start && ref.end <= c.end);
        if (!inside) {
          problems.push({ line: ref.loc.start.line, column: ref.loc.start.column, message: `'${name}' is read outside the block that declares it with var (a branch that never ran leaves it undefined on Espruino)` });
        }
      }
    }
  }
  return problems;
}

/** Whether a function declares `name` itself (a parameter, its own name, or a var/function in its body). */
function declaresOwn(fn: any, name: string): boolean {
  if (fn.id && fn.id.name === name && fn.type === 'FunctionExpression') return true;
  for (const p of fn.params) if (p.type === 'Identifier' && p.name === name) return true;
  let found = false;
  const visit = (n: any) => {
    if (found || !n || typeof n.type !== 'string') return;
    if (n !== fn.body && isFunctionNode(n)) {
      if (n.type === 'FunctionDeclaration' && n.id && n.id.name === name) found = true;
      return;
    }
    if (n.type === 'VariableDeclarator' && n.id.type === 'Identifier' && n.id.name === name) found = true;
    for (const key of Object.keys(n)) {
      const child = n[key];
      if (Array.isArray(child)) child.forEach(visit);
      else if (child && typeof child.type === 'string') visit(child);
    }
  };
  visit(fn.body);
  return found;
}

/** Reads of `name` within `root` that refer to root's own binding (nested functions that declare their own are skipped). */
function readsOf(root: any, name: string): any[] {
  const found: any[] = [];
  const visit = (n: any, parent: any) => {
    if (!n || typeof n.type !== 'string') return;
    if (n !== root && isFunctionNode(n) && declaresOwn(n, name)) return;
    // (A catch clause's own name, and what its block reads of it, are the clause's.)
    if (n.type === 'CatchClause' && n.param && n.param.type === 'Identifier' && n.param.name === name) return;
    if (n.type === 'Identifier') {
      if (n.name !== name) return;
      const isProperty = parent && ((parent.type === 'MemberExpression' && parent.property === n && !parent.computed)
        || (parent.type === 'Property' && parent.key === n && !parent.computed));
      if (!isProperty) found.push(n);
      return;
    }
    for (const key of Object.keys(n)) {
      if (key === 'loc') continue;
      const child = n[key];
      if (Array.isArray(child)) for (const c of child) visit(c, n);
      else if (child && typeof child.type === 'string') visit(child, n);
    }
  };
  visit(root, null);
  return found;
}
