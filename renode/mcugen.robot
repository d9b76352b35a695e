*** Comments ***
Runs an mcugen firmware in Renode and checks its console protocol (docs/protocol.md): it boots, runs an
inference (one all-zero input set when no inputs were loaded), prints its outputs and finishes cleanly.

    renode-test renode/mcugen.robot --variable BOARD:nucleo-f446re --variable UART:sysbus.usart2 \
        --variable ELF:/abs/path/to/project/.pio/build/nucleo-f446re/firmware.elf

BOARD names a script in this folder (BOARD.resc), UART its console peripheral (the board JSON's renode.uart).

*** Settings ***
Suite Setup                   Setup
Suite Teardown                Teardown
Test Teardown                 Test Teardown
Test Timeout                  5 minutes
Resource                      ${RENODEKEYWORDS}

*** Variables ***
${BOARD}                      nucleo-f446re
${UART}                       sysbus.usart2
${ELF}                        ${CURDIR}/firmware.elf

*** Keywords ***
Create Board
    Execute Command           path add @${CURDIR}
    Execute Command           $bin=@${ELF}
    Execute Command           include @${CURDIR}/${BOARD}.resc
    Create Terminal Tester    ${UART}    timeout=120

*** Test Cases ***
Firmware Runs The Model
    Create Board
    Start Emulation
    Wait For Line On Uart     MCUGEN BOOT
    Wait For Line On Uart     MCUGEN COST 0
    Wait For Line On Uart     MCUGEN OUTPUT 0 0
    Wait For Line On Uart     MCUGEN DONE
