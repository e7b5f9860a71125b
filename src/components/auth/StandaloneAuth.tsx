import { useRef, useState } from 'react'
import { LazySignupScreen } from './lazy'
import { useRouteFocus } from '../../router/useRouteFocus'
import { LoginScreen } from './LoginScreen'

/**
 * <flex-login> and <flex-signup> on their own: the link to the other screen
 * swaps it in inside the element, and focus goes to its heading.
 */
function StandaloneAuth({ start }: { start: 'login' | 'signup' }) {
  const [screen, setScreen] = useState(start)
  const container = useRef<HTMLDivElement>(null)
  useRouteFocus(screen, container)
  return (
    <div ref={container} className="contents">
      {screen === 'login' ? <LoginScreen onSwitch={() => setScreen('signup')} /> : <LazySignupScreen onSwitch={() => setScreen('login')} />}
    </div>
  )
}

export const StandaloneLogin = () => <StandaloneAuth start="login" />
export const StandaloneSignup = () => <StandaloneAuth start="signup" />
