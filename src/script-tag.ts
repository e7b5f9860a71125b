// Entry of dist/flex-portal.js: a plain <script src> registers every element.
import { defineFlexElements } from './define'

defineFlexElements()
