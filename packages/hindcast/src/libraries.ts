// Libraries loaded by the first file that needs them rather than with the module: a server's start reads and
// writes no workbook nor HDF5 file, and loading the two took ~0.45 s of its CPU (exceljs with its zip
// libraries ~0.28 s, h5wasm with its WebAssembly ~0.16 s: a CPU profile of `node dist/main.js`, session 40).
// Each is imported once per process; the types come from the static, type-only imports.
import type ExcelJSModule from 'exceljs';
import type H5wasmModule from 'h5wasm/node';

export type ExcelJS = typeof ExcelJSModule;
export type H5wasm = typeof H5wasmModule;

let excel: Promise<ExcelJS> | undefined;
let h5: Promise<H5wasm> | undefined;

/** exceljs, imported on the first call. */
export function loadExcelJS(): Promise<ExcelJS> {
  return (excel ??= import('exceljs').then((module) => module.default));
}

/** h5wasm's Node build, imported on the first call and ready (its WebAssembly instantiated). */
export function loadH5wasm(): Promise<H5wasm> {
  return (h5 ??= import('h5wasm/node').then(async (module) => {
    await module.default.ready;
    return module.default;
  }));
}
