import { createRoot } from 'react-dom/client'
import { LoginForm } from './LoginForm'

createRoot(document.getElementById('root')!).render(<LoginForm />)
