// The few Babel calls the build makes (Babel ships no types of its own).
declare module '@babel/core' {
  export function transformAsync(code: string, options: Record<string, unknown>): Promise<{ code?: string | null } | null>;
}
