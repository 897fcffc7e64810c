// `npm test`: the whole suite. The checks that use one core each (types, lint, the two builds) run side by
// side; the test tiers after them run one at a time, each already using both cores. Stops at the first tier
// that fails, and ends with what each tier took.
import { spawn } from 'node:child_process'

/** npm scripts, run one after the other within a group; the groups of a stage run at the same time. */
const STAGES = [
  // The byte budgets right after the build: sizes of what it made (scripts/check-budgets.ts).
  // Two groups of about a minute each: the two builds do not start together.
  [
    ['typecheck', 'build:e2e'],
    ['lint', 'build', 'check:budgets'],
  ],
  [['test:unit']],
  [['test:integration']],
  [['test:e2e']],
]

const took = []

/** Runs an npm script; its output goes straight through when it runs alone, else it is kept until it ends. */
function run(script, alone) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script], {
      stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout?.on('data', (chunk) => {
      output += chunk
    })
    child.stderr?.on('data', (chunk) => {
      output += chunk
    })
    child.on('close', (code, signal) => {
      const seconds = Math.round((Date.now() - started) / 1000)
      took.push(`${script} ${seconds} s`)
      if (!alone) process.stdout.write(`\n> ${script} (${seconds} s)\n${output}`)
      resolve(code === 0 && !signal)
    })
  })
}

async function group(scripts, alone) {
  for (const script of scripts) if (!(await run(script, alone))) return false
  return true
}

const started = Date.now()
let passed = true
for (const stage of STAGES) {
  const results = await Promise.all(stage.map((scripts) => group(scripts, stage.length === 1)))
  if (results.includes(false)) {
    passed = false
    break
  }
}
console.log(
  `\n${passed ? 'Passed' : 'Failed'} in ${Math.round((Date.now() - started) / 1000)} s: ${took.join(', ')}`,
)
process.exit(passed ? 0 : 1)
