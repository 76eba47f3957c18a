#!/usr/bin/env node
// Validates one glTF 2.0 file (.glb or .gltf) with the Khronos glTF-Validator and prints its
// report as JSON on stdout: {"errors": N, "warnings": N, "messages": [...]}. Exit code 0 when the
// report has no error, 1 when it has, 2 when the file cannot be read. Used by BPAT Studio's
// tests (tests/core/gltf); external resources (a .bin beside a .gltf) are read from disk.
'use strict';
const fs = require('fs');
const path = require('path');
const validator = require('gltf-validator');

const file = process.argv[2];
if (!file) {
    console.error('usage: validate.js FILE.glb|FILE.gltf');
    process.exit(2);
}
let bytes;
try {
    bytes = new Uint8Array(fs.readFileSync(file));
} catch (e) {
    console.error(`${file}: ${e.message}`);
    process.exit(2);
}
validator.validateBytes(bytes, {
    uri: path.basename(file),
    maxIssues: 100,
    externalResourceFunction: (uri) => new Promise((resolve, reject) => {
        fs.readFile(path.resolve(path.dirname(file), decodeURIComponent(uri)), (err, data) => {
            if (err) reject(err.toString()); else resolve(new Uint8Array(data));
        });
    }),
}).then((report) => {
    const issues = report.issues;
    console.log(JSON.stringify({
        errors: issues.numErrors,
        warnings: issues.numWarnings,
        infos: issues.numInfos,
        messages: issues.messages.map((m) => ({code: m.code, severity: m.severity, pointer: m.pointer, message: m.message})),
    }));
    process.exit(issues.numErrors > 0 ? 1 : 0);
}, (error) => {
    console.error(`${file}: ${error}`);
    process.exit(2);
});
