import { Icon } from '../../components/Icon'
import type { Item } from './types'

/** A list of short titled texts, each with its icon when it has one. */
export function Items({ items, className }: { items: Item[]; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.title}>
          {item.icon ? <Icon name={item.icon} /> : null}
          <h3>{item.title}</h3>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  )
}
