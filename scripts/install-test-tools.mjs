// Installs the tools some tests need that are too heavy to be dependencies: firebase-tools, for the
// Firebase Auth emulator (about two minutes, it builds native code). Into .tools/, once; .ci/run calls it.
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const FIREBASE_TOOLS_VERSION = '15.34.2'
const dir = path.resolve('.tools/firebase')
const binary = path.join(dir, 'node_modules/.bin/firebase')

if (existsSync(binary)) {
  console.log(`firebase-tools is installed in ${dir}`)
} else {
  mkdirSync(dir, { recursive: true })
  writeFileSync(path.join(dir, 'package.json'), '{ "private": true }\n')
  console.log(`Installing firebase-tools ${FIREBASE_TOOLS_VERSION} into ${dir} (about two minutes)…`)
  execFileSync('npm', ['install', '--no-audit', '--no-fund', `firebase-tools@${FIREBASE_TOOLS_VERSION}`], {
    cwd: dir,
    stdio: 'inherit',
  })
}
