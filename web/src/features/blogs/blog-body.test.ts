import { expect, it } from 'vitest'
import { paragraphs } from './blog-body'

it('starts a paragraph at every line break', () => {
  expect(paragraphs('One.\nTwo.\r\nThree.\rFour.')).toEqual(['One.', 'Two.', 'Three.', 'Four.'])
})

it('drops blank lines and the spaces around each line', () => {
  expect(paragraphs('  One.  \n\n   \nTwo.\n')).toEqual(['One.', 'Two.'])
})

it('keeps markup as the characters typed', () => {
  expect(paragraphs('<script>alert(1)</script>')).toEqual(['<script>alert(1)</script>'])
})

it('gives nothing for an empty body', () => {
  expect(paragraphs('')).toEqual([])
})
