// Installs the tools some tests need that are too heavy to be dependencies: firebase-tools, for the
// Firebase Auth emulator. Into .tools/, once; .ci/run calls it. Without install scripts: the only one that
// builds anything is re2's native build (about 90 s), which the Auth emulator never loads.
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
  console.log(`Installing firebase-tools ${FIREBASE_TOOLS_VERSION} into ${dir}…`)
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--ignore-scripts', `firebase-tools@${FIREBASE_TOOLS_VERSION}`],
    {
      cwd: dir,
      stdio: 'inherit',
    },
  )
}
