import type { BuildOptions } from "esbuild";

/** The esbuild options every bundle of the toolchain shares (`root`: the repository, with its trailing slash). */
export function bundleOptions(root: string): BuildOptions;
