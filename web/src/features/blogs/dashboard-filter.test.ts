import { expect, it } from 'vitest'
import { blog } from '../../test-fixtures'
import { filterBlogs } from './dashboard-filter'

const posts = [
  blog('a', { title: 'Sunrise at Poon Hill', description: 'Cold and clear.' }),
  blog('b', { title: 'Momo in Thamel', description: 'The best dumplings near Asan.' }),
  blog('c', { title: 'Lakeside', description: 'Boats on Phewa; Pokhará at dusk.' }),
]
const ids = (list: typeof posts) => list.map((post) => post._id)

it('keeps every post when the search is blank', () => {
  expect(ids(filterBlogs(posts, ''))).toEqual(['a', 'b', 'c'])
  expect(ids(filterBlogs(posts, '   '))).toEqual(['a', 'b', 'c'])
})

it('matches the title or the body, ignoring case', () => {
  expect(ids(filterBlogs(posts, 'poon'))).toEqual(['a'])
  expect(ids(filterBlogs(posts, 'DUMPLINGS'))).toEqual(['b'])
})

it('ignores accents both ways', () => {
  expect(ids(filterBlogs(posts, 'pokhara'))).toEqual(['c'])
  expect(ids(filterBlogs(posts, 'Phéwa'))).toEqual(['c'])
})

it('finds nothing when nothing matches', () => {
  expect(filterBlogs(posts, 'everest')).toEqual([])
})
