// Standalone entry: the asynchronous boundary lets module federation negotiate shared modules first.
import('./bootstrap');
